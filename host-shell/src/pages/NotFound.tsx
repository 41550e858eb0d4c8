import { useDocumentHead } from '@pharmacy/ui';
import { Link } from 'react-router-dom';
import { PageNotice } from '../app/PageNotice';
import { SITE_TITLE } from '../config';
import { Home } from './Home';

export const NOT_FOUND_NOTICE = "We couldn't find that page.";

/** After the home page's own head, so its title is the one kept: the page was not found. */
function NotFoundHead() {
  useDocumentHead({ title: `Page not found | ${SITE_TITLE}`, status: 404, robots: 'noindex' });
  return null;
}

/**
 * Any path the shop does not have (docs/product.md#routes): the home page in place, so a mistyped link still lands
 * somewhere useful, saying the page was not found. The server answers it 404 and search engines do not index it.
 */
export function NotFound() {
  return (
    <>
      <PageNotice role="status">
        {NOT_FOUND_NOTICE} Here is our home page, or <Link to="/pharmacy/products">browse all products</Link>.
      </PageNotice>
      <Home />
      <NotFoundHead />
    </>
  );
}

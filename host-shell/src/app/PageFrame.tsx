import { Outlet, useLocation } from 'react-router-dom';
import { ConnectionNotice } from '../auth/ConnectionNotice';
import { useReturnHere } from '../auth/useReturnHere';
import { PageBoundary } from './PageBoundary';

/**
 * Every shop page inside the layout: the line saying the shop cannot be reached while that is so, then the page,
 * whose failure (docs/product.md#layout) is shown in its place with Retry. Account forms opened from a page learn
 * where to return.
 */
export function PageFrame() {
  const { pathname } = useLocation();
  useReturnHere();
  return (
    <>
      <ConnectionNotice />
      <PageBoundary page={pathname}>
        <Outlet />
      </PageBoundary>
    </>
  );
}

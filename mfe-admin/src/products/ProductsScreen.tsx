import { useCan } from '@pharmacy/session';
import { MutedText, PageTitle } from '@pharmacy/ui';
import { ForRole, notForYourRole } from '../ForRole';
import { RecallsPanel } from '../recalls/RecallsPanel';
import { useAdminSelector } from '../state/module';
import { selectProducts } from '../state/selectors';
import { ProductsPage } from './ProductsPage';

/**
 * /admin/products: the catalogue (catalogue.manage) and its recalls (clinical.review), each for the roles that may
 * use it. A pharmacist records recalls here without the catalogue role (docs/domain.md#recalls).
 */
export function ProductsScreen() {
  const canCatalogue = useCan('catalogue.manage');
  const canRecall = useCan('clinical.review');
  // Below the catalogue, the recalls wait for its first page: shown earlier, they sat in view under the spinner and
  // the rows' arrival pushed them off the screen (a layout shift of 0.28 on a phone).
  const catalogueAnswered = useAdminSelector((state) => selectProducts(state).answered);
  if (!canCatalogue && !canRecall) {
    return (
      <ForRole permission="catalogue.manage" title="Products">
        {null}
      </ForRole>
    );
  }
  return (
    <>
      {canCatalogue ? (
        <ProductsPage />
      ) : (
        <>
          <PageTitle>Products</PageTitle>
          <MutedText>{notForYourRole('catalogue.manage')} Recalls are recorded below.</MutedText>
        </>
      )}
      {canRecall && (catalogueAnswered || !canCatalogue) && <RecallsPanel />}
    </>
  );
}

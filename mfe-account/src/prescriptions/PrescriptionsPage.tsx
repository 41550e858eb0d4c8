import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CheckoutRoutes, pathTo } from '@pharmacy/contracts';
import { readOf, useAppDispatch } from '@pharmacy/session';
import { Button, EmptyState, PageSpinner, PageTitle, th } from '@pharmacy/ui';
import { Lead, Narrow } from '../forms/layout';
import { accountQueries, useAccountQueries } from '../queries';
import { AddPrescription } from './AddPrescription';
import { PrescriptionCard } from './PrescriptionCard';

const List = styled.ul`
  list-style: none;
  margin: ${th((t) => t.space(5))} 0 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(3))};
`;
const Problem = styled.div`
  margin-top: ${th((t) => t.space(5))};
  p {
    color: ${th((t) => t.colors.dangerStrong)};
  }
`;
const Demo = styled.p`
  margin: ${th((t) => t.space(3))} 0 0;
`;

/**
 * /prescriptions: the signed-in shopper's prescriptions, newest first, each with where it stands, and the way to add
 * one (docs/product.md#my-prescriptions). `?productId=` links what they add to the medicine page they came from.
 */
export function PrescriptionsPage() {
  useAccountQueries();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const productId = search.get('productId') ?? undefined;
  const list = readOf(accountQueries.usePrescriptionsQuery());
  const demo = accountQueries.useShopModeQuery().data?.testPayments === true;

  // the list is asked again, so the new one shows with the standing and words the server gives it
  const added = () => dispatch(accountQueries.util.invalidateTags(['Prescription']));

  return (
    <Narrow $wide>
      <PageTitle>My prescriptions</PageTitle>
      <Lead>
        Add a prescription and a pharmacist checks it. Once it is verified you can order its medicines here, up to the quantity it
        allows.
      </Lead>
      <AddPrescription productId={productId} onAdded={added} />
      {demo && (
        <Demo>
          Trying the shop? <a href={pathTo(CheckoutRoutes.prescriptions.sandboxPrescriber)}>Try the demo prescriber</a> to get an electronic
          prescription token.
        </Demo>
      )}
      {list.loading && !list.data ? (
        <PageSpinner label="Loading your prescriptions" />
      ) : list.error ? (
        <Problem role="alert">
          <p>{list.error}</p>
          <Button variant="secondary" onClick={list.reload}>
            Try again
          </Button>
        </Problem>
      ) : !list.data || list.data.length === 0 ? (
        <EmptyState
          message="You have no prescriptions yet"
          description="Add a photo or PDF of your paper prescription, or the token of an electronic one, above. A pharmacist checks it before you can order."
          action={<Link to="/pharmacy/products">Browse medicines</Link>}
        />
      ) : (
        <List aria-label="Your prescriptions">
          {list.data.map((p) => (
            <li key={p._id}>
              <PrescriptionCard prescription={p} />
            </li>
          ))}
        </List>
      )}
    </Narrow>
  );
}

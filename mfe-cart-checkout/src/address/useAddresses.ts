import { useSelector } from 'react-redux';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { getErrorMessage } from '@pharmacy/session';
import { selectShopper } from '../cart/slice';
import { checkoutQueries, useCheckoutQueries } from '../queries';

/**
 * The signed-in user's address book (the route is guarded, so a user is expected), asked afresh on every visit: null
 * while it loads, empty with `error` when it cannot be loaded. Saving, editing or deleting through `book` loads it again.
 */
export function useAddresses() {
  useCheckoutQueries();
  const userId = useSelector(selectShopper);
  const list = checkoutQueries.useAddressesQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true });
  const [add] = checkoutQueries.useAddAddressMutation();
  const [update] = checkoutQueries.useUpdateAddressMutation();
  const [remove] = checkoutQueries.useRemoveAddressMutation();
  const addresses = list.isError ? [] : (list.currentData ?? null);
  return {
    userId,
    addresses,
    error: list.error ? getErrorMessage(list.error) : null,
    book: {
      add: (id: string, input: Parameters<typeof add>[0]['input']) => add({ userId: id, input }).unwrap(),
      update: (id: string, addressId: string, input: Parameters<typeof update>[0]['input']) => update({ userId: id, addressId, input }).unwrap(),
      remove: (id: string, addressId: string) => remove({ userId: id, addressId }).unwrap(),
    },
  };
}

import { useCallback, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import type { Address } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { addressApi } from '../cart/api';
import { selectShopper } from '../cart/slice';

/** The signed-in user's address book (the route is guarded, so a user is expected). */
export function useAddresses() {
  const userId = useSelector(selectShopper);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    if (!userId) return;
    try {
      setAddresses(await addressApi.list(userId));
      setError(null);
    } catch (err) {
      setAddresses([]);
      setError(getErrorMessage(err));
    }
  }, [userId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { userId, addresses, error, reload };
}

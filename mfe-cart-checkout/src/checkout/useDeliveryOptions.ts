import { getErrorMessage } from '@pharmacy/session';
import { checkoutQueries, useCheckoutQueries } from '../queries';

/** The shop's delivery methods, fees and pharmacies (GET /api/shop/delivery/options); `retry` asks again after a failure. */
export function useDeliveryOptions() {
  useCheckoutQueries();
  const { data, error, refetch } = checkoutQueries.useDeliveryOptionsQuery();
  return { options: data ?? null, error: error ? getErrorMessage(error) : null, retry: refetch };
}

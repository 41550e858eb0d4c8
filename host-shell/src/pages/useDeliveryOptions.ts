import { formatMoney, type DeliveryOptions } from '@pharmacy/contracts';
import { apiData } from '@pharmacy/session';
import { useEffect, useState } from 'react';

// Asked once per page load and shared by every content page, the footer and the home page: the shop's currency,
// the free-delivery threshold, fees and pharmacies come from the server, never from a number written here.
let request: Promise<DeliveryOptions> | null = null;

function loadDeliveryOptions(): Promise<DeliveryOptions> {
  request ??= apiData.get<DeliveryOptions>('/api/shop/delivery/options').catch((err: unknown) => {
    request = null; // the next page asks again
    throw err;
  });
  return request;
}

/** Test seam: forget the answer so the next render asks again. */
export function forgetDeliveryOptions() {
  request = null;
}

export type DeliveryOptionsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; options: DeliveryOptions };

/** GET /api/shop/delivery/options for the content pages. */
export function useDeliveryOptions(): DeliveryOptionsState {
  const [state, setState] = useState<DeliveryOptionsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadDeliveryOptions().then(
      (options) => live && setState({ status: 'ready', options }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** "$30.00": the free-delivery threshold in the shop's currency. */
export const freeDeliveryOver = (options: DeliveryOptions) => formatMoney(options.freeDeliveryOver, options.currency);

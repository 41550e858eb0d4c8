import { CheckoutRoutes, pathTo } from '@pharmacy/contracts';

/** The shop's pages a provider's return ends on; the server's return and cancel routes redirect there. */
export const RETURN_PAGE = '/secure/checkout/return';
export const CANCEL_PAGE = '/secure/checkout/cancel';

/**
 * The URLs a provider sends the shopper back to: the shop's own routes, which read the provider's query on the server
 * (payments/routes.ts), so the return page never learns a provider's words.
 */
export function providerReturnUrls(origin: string, orderId: string): { returnUrl: string; cancelUrl: string } {
  return {
    returnUrl: `${origin}${pathTo(CheckoutRoutes.payments.providerReturn, undefined, { orderId })}`,
    cancelUrl: `${origin}${pathTo(CheckoutRoutes.payments.providerCancel, undefined, { orderId })}`,
  };
}

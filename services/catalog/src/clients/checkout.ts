import { CheckoutRoutes, type PurchaseCheck } from '@pharmacy/contracts';
import { createRouteClient, type ServiceClientOptions } from '@pharmacy/service-kit';

/** "Has this user bought this product, and has it reached them?": answered by the checkout service. */
export interface PurchaseChecker {
  purchaseOf(userId: string, productId: string): Promise<PurchaseCheck>;
}

export function checkoutPurchaseChecker(opts: ServiceClientOptions): PurchaseChecker {
  const call = createRouteClient(opts);
  return {
    async purchaseOf(userId, productId) {
      const res: Partial<PurchaseCheck> = await call(CheckoutRoutes.internal.purchase, { params: { userId, productId } });
      // Read strictly: an answer without `delivered` (a checkout from before the rule) grants nothing yet.
      const purchased = res.purchased === true;
      return { purchased, delivered: purchased && res.delivered === true };
    },
  };
}

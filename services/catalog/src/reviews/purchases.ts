import { createServiceClient, type ServiceClientOptions } from '@pharmacy/service-kit';
import type { PurchaseCheck } from '@pharmacy/contracts';

/** "Has this user bought this product, and has it reached them?": answered by the checkout service. */
export interface PurchaseChecker {
  purchaseOf(userId: string, productId: string): Promise<PurchaseCheck>;
}

export function checkoutPurchaseChecker(opts: ServiceClientOptions): PurchaseChecker {
  const call = createServiceClient(opts);
  return {
    async purchaseOf(userId, productId) {
      const res = await call<Partial<PurchaseCheck>>(
        'GET',
        `/internal/checkout/purchases/${encodeURIComponent(userId)}/${encodeURIComponent(productId)}`,
      );
      // Read strictly: an answer without `delivered` (a checkout from before the rule) grants nothing yet.
      const purchased = res.purchased === true;
      return { purchased, delivered: purchased && res.delivered === true };
    },
  };
}

import { createServiceClient, type ServiceClientOptions } from '@pharmacy/service-kit';
import type { PurchaseCheck } from '@pharmacy/contracts';

/** "Has this user a paid order containing this product?": answered by the checkout service. */
export interface PurchaseChecker {
  hasPurchased(userId: string, productId: string): Promise<boolean>;
}

export function checkoutPurchaseChecker(opts: ServiceClientOptions): PurchaseChecker {
  const call = createServiceClient(opts);
  return {
    async hasPurchased(userId, productId) {
      const res = await call<PurchaseCheck>(
        'GET',
        `/internal/checkout/purchases/${encodeURIComponent(userId)}/${encodeURIComponent(productId)}`,
      );
      return res.purchased === true;
    },
  };
}

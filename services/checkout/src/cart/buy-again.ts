import type { BuyAgainResult, Order } from '@pharmacy/contracts';
import { HttpError } from '@pharmacy/service-kit';
import type { CartResult, CartService } from './service';

export type NotAdded = BuyAgainResult['notAdded'][number];

/**
 * "Buy again" (docs/api.md#repeat-supply): a past order's items go back in the cart one by one through cart add, so
 * each is checked as if the shopper added it now (stock and the per-order limit cap it; safety, age and the
 * prescription may refuse it). What was refused is listed with cart add's words; the rest stays added.
 */
export async function buyAgain(carts: Pick<CartService, 'add' | 'view'>, userId: string, order: Order): Promise<{ result: CartResult; notAdded: NotAdded[] }> {
  const notAdded: NotAdded[] = [];
  const notices: string[] = [];
  for (const item of order.items) {
    try {
      const added = await carts.add(userId, item.productId, item.quantity);
      if (added.capped && added.message) notices.push(added.message);
    } catch (err) {
      // A refusal a shopper can act on is reported; a failure of the shop (catalog down) fails the whole call.
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      notAdded.push({ productId: item.productId, title: item.title, reason: err.message, code: err.code });
    }
  }
  const added = order.items.length - notAdded.length;
  const summary = added === 0 ? 'Nothing from this order could be added to your cart.' : `${added} item${added === 1 ? ' was' : 's were'} added to your cart.`;
  return { result: await carts.view(userId, [summary, ...notices]), notAdded };
}

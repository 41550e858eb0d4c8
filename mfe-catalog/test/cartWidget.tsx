// The cart-checkout remote's Add-to-cart widget as the catalog sees it in jest: federation cannot be resolved here
// (the browser journeys prove it), so the host's federation instance is a stand-in whose loadRemote answers a
// widget that shows what it was given. The real widget is tested in mfe-cart-checkout.
import { getInstance } from '@module-federation/enhanced/runtime';
import type { AddToCartProps } from '@pharmacy/contracts';

/** Shows what it was given, the safety answer included (the block it would disable the button for). */
export function FakeAddToCart({ product, variant = 'full', safety }: AddToCartProps) {
  return (
    <button
      type="button"
      data-testid="add-to-cart"
      data-variant={variant}
      data-product={product._id}
      data-safety={safety === undefined ? 'unknown' : safety === null ? 'none' : (safety.blocked?.code ?? 'ok')}
    >
      Add to cart ({variant}) {product.title}
    </button>
  );
}

type Loaded = { default: unknown } & Record<symbol, unknown>;

/**
 * The page's federation instances: the host (which registered every remote) and this remote's own. Call with what
 * the host's loadRemote should do; needs `jest.mock('@module-federation/enhanced/runtime', ...)` in the test file.
 */
export function serveCartWidget(load: () => Promise<Loaded> = async () => ({ default: FakeAddToCart })) {
  const host = { name: 'host', loadRemote: jest.fn(load) };
  const own = { name: 'catalog', loadRemote: jest.fn(async () => { throw new Error('the catalog instance has no remotes'); }) };
  (getInstance as jest.Mock).mockImplementation((finder?: (i: unknown) => boolean) => (finder ? [own, host].find(finder) ?? null : own));
  return { host, own };
}

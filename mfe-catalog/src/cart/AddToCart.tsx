import { getInstance } from '@module-federation/enhanced/runtime';
import styled from 'styled-components';
import { FEDERATION_HOST, type AddToCartProps, type CartCheckoutExposes } from '@pharmacy/contracts';
import { remoteComponent, th } from '@pharmacy/ui';

/**
 * The cart-checkout remote's Add-to-cart widget, loaded through the page's federation host: the host registered
 * every remote from /remotes.json, while this remote's own federation instance knows none (run alone, there is
 * no host and the widget shows its fallback).
 */
const Widget = remoteComponent<AddToCartProps>('the Add to cart widget', async () => {
  const federation = getInstance((instance) => instance.name === FEDERATION_HOST) ?? getInstance();
  return federation?.loadRemote<CartCheckoutExposes['./AddToCart']>('cartCheckout/AddToCart');
});

/** Holds the widget's place while it loads (a card's button; the page's quantity row and its limit line). */
const Placeholder = styled.div<{ $compact: boolean }>`
  min-height: ${(p) => (p.$compact ? '2.75rem' : '4rem')};
`;

const Unavailable = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.textMuted)};
`;

/**
 * Add to cart for a product (the cart-checkout remote owns the cart: quantities, caps and the toast), given the
 * page's safety answer so it can refuse and say why. When the widget cannot load, a product the shopper cannot
 * buy still says why (the prescription route, an age limit) rather than only that the cart is unavailable.
 */
export function AddToCart({ product, variant = 'full', safety }: AddToCartProps) {
  const compact = variant === 'compact';
  const fallback = compact ? null : (
    <Unavailable role="status">
      {safety?.blocked ? safety.blocked.message : 'Adding to the cart is unavailable right now. Please try again in a moment.'}
    </Unavailable>
  );
  return <Widget product={product} variant={variant} safety={safety} fallback={fallback} loading={<Placeholder $compact={compact} />} />;
}

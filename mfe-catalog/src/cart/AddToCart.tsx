import { getInstance } from '@module-federation/enhanced/runtime';
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { FEDERATION_HOST, type AddToCartProps, type CartCheckoutExposes } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';

type AddToCartModule = CartCheckoutExposes['./AddToCart'];
/** How the host marks the stand-in module it answers for a remote it cannot load (host-shell remotes/fallbackPlugin). */
const FAILED_REMOTE = Symbol.for('pharmacy.failedRemote');

/**
 * The cart-checkout remote's Add-to-cart widget, loaded through the page's federation host: the host registered
 * every remote from /remotes.json, while this remote's own federation instance knows none (run alone, there is
 * no host and the widget shows its fallback).
 */
async function loadAddToCart(): Promise<{ default: ComponentType<AddToCartProps> }> {
  const federation = getInstance((instance) => instance.name === FEDERATION_HOST) ?? getInstance();
  const mod = await federation?.loadRemote<AddToCartModule>('cartCheckout/AddToCart');
  // the host's stand-in would show the page-level "unavailable" message inside ours: show the widget's fallback
  if (!mod || typeof mod.default !== 'function' || FAILED_REMOTE in mod) {
    throw new Error('The cart is unavailable');
  }
  return { default: mod.default as unknown as ComponentType<AddToCartProps> };
}

let Widget = lazy(loadAddToCart);

/** Keeps a failed load to the slot that showed it; the next page that mounts the widget tries again. */
class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.warn('[catalog] the Add to cart widget is unavailable', error);
    Widget = lazy(loadAddToCart);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
  return (
    <Boundary fallback={fallback}>
      <Suspense fallback={<Placeholder $compact={compact} />}>
        <Widget product={product} variant={variant} safety={safety} />
      </Suspense>
    </Boundary>
  );
}

import { createAction } from '@reduxjs/toolkit';
import type { Cart } from '@pharmacy/contracts';

// Events one remote sends another through the shared store, by an action both import from here rather than a
// type string copied between packages.

/**
 * The server answered a change to the cart made outside the cart remote (Buy again in My Orders) with the whole cart:
 * the cart slice, when loaded, takes it as it takes its own load, so the header's badge counts it at once.
 */
export const cartReplaced = createAction<Cart>('shop/cartReplaced');

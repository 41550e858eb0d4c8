import { CART_MAX_LINES, CART_MAX_QUANTITY, VISITOR_CART_KEY, type CartItemInput } from '@pharmacy/contracts';

/** A visitor's cart lives in localStorage (SPEC: /cart is open to visitors) until sign-in merges it. */
export function readVisitorCart(): CartItemInput[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((i): i is CartItemInput => typeof i?.productId === 'string' && Number.isInteger(i?.quantity) && i.quantity > 0)
      .map((i) => ({ productId: i.productId, quantity: Math.min(i.quantity, CART_MAX_QUANTITY) }))
      .slice(0, CART_MAX_LINES);
  } catch {
    return [];
  }
}

export function writeVisitorCart(items: CartItemInput[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(VISITOR_CART_KEY);
    else localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page view.
  }
}

export const clearVisitorCart = () => writeVisitorCart([]);

export function addToVisitorCart(productId: string, quantity: number): CartItemInput[] {
  const items = readVisitorCart();
  const line = items.find((i) => i.productId === productId);
  if (line) line.quantity = Math.min(line.quantity + quantity, CART_MAX_QUANTITY);
  else if (items.length < CART_MAX_LINES) items.push({ productId, quantity: Math.min(quantity, CART_MAX_QUANTITY) });
  writeVisitorCart(items);
  return items;
}

export function setVisitorQuantity(productId: string, quantity: number): CartItemInput[] {
  const items = readVisitorCart()
    .map((i) => (i.productId === productId ? { ...i, quantity: Math.min(quantity, CART_MAX_QUANTITY) } : i))
    .filter((i) => i.quantity > 0);
  writeVisitorCart(items);
  return items;
}

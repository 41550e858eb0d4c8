import { CART_MAX_LINES, CART_MAX_QUANTITY, VISITOR_CART_KEY, type CartItemInput } from '@pharmacy/contracts';

/** A visitor's cart lives in localStorage (/cart is open to visitors: docs/domain.md#cart) until sign-in merges it. */
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
    // other contents are another merge
    localStorage.removeItem(MERGE_ID_KEY);
    if (items.length === 0) localStorage.removeItem(VISITOR_CART_KEY);
    else localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page view.
  }
}

const MERGE_ID_KEY = `${VISITOR_CART_KEY}.mergeId`;

/**
 * The id of merging this visitor cart into an account, kept until the cart is cleared or changed: if the page
 * goes away before the merge's reply arrives, the next page sends the same id and the server adds nothing twice.
 */
export function visitorMergeId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(MERGE_ID_KEY);
  } catch {
    // blocked storage: a fresh id each time, as without one
  }
  if (id && /^[0-9a-f]{32}$/.test(id)) return id;
  id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    localStorage.setItem(MERGE_ID_KEY, id);
  } catch {
    // as above
  }
  return id;
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

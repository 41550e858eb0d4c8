import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESCRIPTION_REFUSALS, VISITOR_CART_KEY, safetyBlockMessage, type Cart, type CartLine } from '@pharmacy/contracts';
import CartPage from '../src/exposes/CartPage';
import CartBadge from '../src/exposes/CartBadge';
import { cartActions } from '../src/cart/slice';
import { fakeApi, renderWithStore, shopper } from '@pharmacy/test-kit';
import { cartOf as cartWith, line } from './fixtures';

const cartOf = (items: CartLine[], over: Partial<Cart> = {}): Cart => cartWith(items, { totalAmount: 10, ...over });

afterEach(() => {
  localStorage.clear();
});

test('shows caps with their reason, flags unavailable items and blocks checkout', async () => {
  const cart = cartOf([
    line({ productId: 'p1', title: 'Ibuprofen', quantity: 3, maxQuantity: 3, notice: 'Only 3 left in stock, so the quantity was set to 3.' }),
    line({ productId: 'p2', title: 'Old Syrup', available: false, maxQuantity: 0, problem: 'This product is no longer sold.' }),
  ]);
  fakeApi(() => ({ body: { success: true, data: cart, message: 'Ibuprofen: Only 3 left in stock, so the quantity was set to 3.' } }));
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });

  const capped = await screen.findByTestId('cart-line-p1');
  expect(within(capped).getByRole('status')).toHaveTextContent('Only 3 left in stock');
  expect(within(capped).getByRole('button', { name: 'One more Ibuprofen' })).toBeDisabled();
  expect(within(capped).getByText('Maximum you can order: 3')).toBeInTheDocument();

  const gone = screen.getByTestId('cart-line-p2');
  expect(within(gone).getByText('Unavailable')).toBeInTheDocument();
  expect(within(gone).getByText('This product is no longer sold.')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Remove or change these items before checking out:Old Syrup: This product is no longer sold.');
  expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

test('safety warnings are shown and a checkout-ready cart goes to /secure/checkout', async () => {
  const cart = cartOf([line({ warnings: ['Contains lactose; you told us you are allergic to lactose.'] })]);
  const { calls } = fakeApi(() => ({ body: { success: true, data: cart } }));
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });
  const warnings = await screen.findByRole('note', { name: 'Safety warnings for Ibuprofen' });
  expect(warnings).toHaveTextContent('Contains lactose; you told us you are allergic to lactose.');
  expect(calls[0].url).toBe(`/api/shop/cart/get/${shopper._id}`);
  await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/secure\/checkout$/));
});

test('a visitor’s cart lives in localStorage, is priced by the server and capped back into storage', async () => {
  localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([{ productId: 'p1', quantity: 9 }]));
  const { calls } = fakeApi((c) => {
    expect(c.url).toBe('/api/shop/cart/quote');
    const wanted = (c.body as { items: Array<{ quantity: number }> }).items[0].quantity;
    const q = Math.min(wanted, 2);
    return { body: { success: true, data: cartOf([line({ quantity: q, maxQuantity: 2, ...(wanted > 2 ? { notice: 'Limited to 2 per order, so the quantity was set to 2.' } : {}) })], { userId: '' }) } };
  });
  renderWithStore(<CartPage />, { url: '/cart', user: null });
  expect(await screen.findByText(/Limited to 2 per order/)).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY)!)).toEqual([{ productId: 'p1', quantity: 2 }]);
  expect(calls.every((c) => c.url === '/api/shop/cart/quote')).toBe(true);
  expect(screen.getByRole('button', { name: 'Sign in to check out' })).toBeEnabled();
});

test('the badge counts what is added to the visitor cart and merges it once at sign-in', async () => {
  const server: Record<string, number> = { p9: 1 };
  const { calls } = fakeApi((c) => {
    if (c.url === '/api/shop/cart/quote') {
      const items = (c.body as { items: Array<{ productId: string; quantity: number }> }).items;
      return { body: { success: true, data: cartOf(items.map((i) => line({ productId: i.productId, quantity: i.quantity }))) } };
    }
    if (c.url === '/api/shop/cart/merge') {
      for (const i of (c.body as { items: Array<{ productId: string; quantity: number }> }).items) server[i.productId] = (server[i.productId] ?? 0) + i.quantity;
    }
    return { body: { success: true, data: cartOf(Object.entries(server).map(([productId, quantity]) => line({ productId, quantity }))) } };
  });
  const { store } = renderWithStore(<CartBadge />, { user: null });
  await waitFor(() => expect(screen.getByRole('link')).toHaveAccessibleName('Cart 0 items'));

  act(() => {
    store.dispatch(cartActions.addRequested({ productId: 'p1', quantity: 2 }));
  });
  await waitFor(() => expect(screen.getByRole('link', { name: 'Cart 2 items' })).toHaveAttribute('href', '/cart'));
  expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY)!)).toEqual([{ productId: 'p1', quantity: 2 }]);

  const { setUser } = await import('@pharmacy/session');
  act(() => {
    store.dispatch(setUser(shopper));
  });
  await waitFor(() => expect(screen.getByRole('link')).toHaveAccessibleName('Cart 3 items'));
  expect(calls.filter((c) => c.url === '/api/shop/cart/merge')).toEqual([
    expect.objectContaining({ method: 'POST', body: { items: [{ productId: 'p1', quantity: 2 }], mergeId: expect.stringMatching(/^[0-9a-f]{32}$/) } }),
  ]);
  expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
  // Later actions do not merge again.
  act(() => {
    store.dispatch({ type: 'something/else' });
  });
  expect(calls.filter((c) => c.url === '/api/shop/cart/merge')).toHaveLength(1);
});

test('the badge counts a cart another remote replaced (Buy again in My Orders) without asking the server again', async () => {
  const { calls } = fakeApi(() => ({ body: { success: true, data: cartOf([line({ productId: 'p1', quantity: 1 })]) } }));
  const { store } = renderWithStore(<CartBadge />, { user: shopper });
  await waitFor(() => expect(screen.getByRole('link')).toHaveAccessibleName('Cart 1 item'));
  const asked = calls.length;
  const { cartReplaced } = await import('@pharmacy/session');
  act(() => {
    store.dispatch(cartReplaced(cartOf([line({ productId: 'p1', quantity: 1 }), line({ productId: 'p2', quantity: 3 })])));
  });
  expect(screen.getByRole('link')).toHaveAccessibleName('Cart 4 items');
  expect(calls).toHaveLength(asked);
});

test('a sign-in page that lost the merge reply leaves the cart and its merge id, so the next page sends the same merge', async () => {
  localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([{ productId: 'p1', quantity: 2 }]));
  // the first page's merge never hears back (the shopper navigated away): the server may have applied it
  const { calls: firstCalls } = fakeApi((c) => (c.url === '/api/shop/cart/merge' ? { status: 503, body: { success: false, message: 'Service unavailable' } } : { body: { success: true, data: cartOf([]) } }));
  const first = renderWithStore(<CartBadge />, { user: shopper });
  await waitFor(() => expect(firstCalls.some((c) => c.url === '/api/shop/cart/merge')).toBe(true));
  first.unmount();
  expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY)!)).toEqual([{ productId: 'p1', quantity: 2 }]);
  const firstId = (firstCalls.find((c) => c.url === '/api/shop/cart/merge')!.body as { mergeId: string }).mergeId;
  expect(firstId).toMatch(/^[0-9a-f]{32}$/);

  const { calls } = fakeApi(() => ({ body: { success: true, data: cartOf([line({ productId: 'p1', quantity: 2 })]) } }));
  renderWithStore(<CartBadge />, { user: shopper });
  await waitFor(() => expect(screen.getByRole('link')).toHaveAccessibleName('Cart 2 items'));
  expect(calls.filter((c) => c.url === '/api/shop/cart/merge').map((c) => (c.body as { mergeId: string }).mergeId)).toEqual([firstId]);
  expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
  expect(localStorage.length).toBe(0); // the merge id went with the cart
});

test('after sign-in, a merged visitor cart’s age problem shows on the line and blocks checkout in the same words', async () => {
  const age = safetyBlockMessage('UNDER_AGE', 18);
  localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([{ productId: 'p-nic', quantity: 1 }]));
  const merged = cartOf([line({ productId: 'p-nic', title: 'Nicotine Gum', available: false, maxQuantity: 0, problem: age })]);
  const { calls } = fakeApi(() => ({ body: { success: true, data: merged } }));
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });
  const gum = await screen.findByTestId('cart-line-p-nic');
  expect(within(gum).getByText(age)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(`Nicotine Gum: ${age}`);
  expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  expect(calls.some((c) => c.url === '/api/shop/cart/merge')).toBe(true);
});

test('a pharmacy medicine is marked on its line and the cart says checkout will ask about it', async () => {
  fakeApi(() => ({ body: { success: true, data: cartOf([line({ title: 'Chloramphenicol Eye Drops', pharmacyOnly: true })]) } }));
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });
  expect(await screen.findByText('Pharmacy medicine')).toBeInTheDocument();
  expect(screen.getByText(/checkout asks a few short questions about who it is for, and a pharmacist checks the order/)).toBeInTheDocument();
});

test('removing a line says so in a toast whose Undo adds the same quantity back through the normal add', async () => {
  const user = userEvent.setup();
  const vitamins = line({ productId: 'p-vit', title: 'Vitamin C', quantity: 3, lineTotal: 15 });
  const plasters = line({ productId: 'p-pla', title: 'Plasters' });
  let items = [vitamins, plasters];
  const { calls } = fakeApi((c) => {
    if (c.method === 'DELETE') {
      items = items.filter((i) => i.productId !== 'p-vit');
      return { body: { success: true, data: cartOf(items), message: 'The product was removed from your cart.' } };
    }
    if (c.url === '/api/shop/cart/add') items = [...items, { ...vitamins, quantity: (c.body as { quantity: number }).quantity }];
    return { body: { success: true, data: cartOf(items) } };
  });
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });
  await user.click(within(await screen.findByTestId('cart-line-p-vit')).getByRole('button', { name: 'Remove Vitamin C' }));
  await waitFor(() => expect(screen.queryByTestId('cart-line-p-vit')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/shop/cart/${shopper._id}/p-vit`);
  const notice = (await screen.findByText('Removed Vitamin C')).closest('li')!;
  expect(screen.queryByText('The product was removed from your cart.')).not.toBeInTheDocument(); // said once, by the toast
  // by keyboard: jsdom has no pointer capture, which Radix's swipe handling asks for on a pointer press
  within(notice).getByRole('button', { name: 'Undo' }).focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByTestId('cart-line-p-vit')).toBeInTheDocument();
  expect(calls.filter((c) => c.url === '/api/shop/cart/add').map((c) => c.body)).toEqual([{ userId: shopper._id, productId: 'p-vit', quantity: 3 }]);
});

test('a removed line that could not be ordered gets no Undo', async () => {
  const user = userEvent.setup();
  let items = [line({ productId: 'p-old', title: 'Old Syrup', available: false, maxQuantity: 0, problem: 'This product is no longer sold.' })];
  fakeApi((c) => {
    if (c.method === 'DELETE') items = [];
    return { body: { success: true, data: cartOf(items) } };
  });
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });
  await user.click(await screen.findByRole('button', { name: 'Remove Old Syrup' }));
  const notice = (await screen.findByText('Removed Old Syrup')).closest('li')!;
  expect(within(notice).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
});

test('the cart’s summary: subtotal of the lines that can be ordered, the standard fee with the free-delivery note, tax included; a blocked line says why and is not counted', async () => {
  const age = safetyBlockMessage('UNDER_AGE', 18);
  const cart = cartWith([
    line({ productId: 'p-vit', title: 'Vitamin C', quantity: 2, lineTotal: 12.5 }),
    line({ productId: 'p-nic', title: 'Nicotine Gum', price: 1.29, lineTotal: 1.29, problem: age }),
  ]);
  fakeApi(() => ({ body: { success: true, data: cart } }));
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });
  const gum = await screen.findByTestId('cart-line-p-nic');
  expect(within(gum).getByText(age)).toBeInTheDocument();
  expect(within(gum).getByLabelText('Line total for Nicotine Gum')).toHaveTextContent('Not included');
  expect(within(screen.getByTestId('cart-line-p-vit')).getByLabelText('Line total for Vitamin C')).toHaveTextContent('£12.50');
  const summary = screen.getByRole('region', { name: 'Cart summary' });
  expect(within(summary).getByText('Subtotal (1 item not included)').nextSibling).toHaveTextContent('£12.50');
  expect(within(summary).getByText('Standard delivery').nextSibling).toHaveTextContent('£3.99');
  expect(within(summary).getByTestId('order-total')).toHaveTextContent('£16.49');
  expect(summary).toHaveTextContent('Includes £2.75 VAT (20%)');
  expect(summary).toHaveTextContent('Add £17.50 more for free standard delivery.');
  expect(summary).toHaveTextContent('Express delivery and click and collect at a pharmacy are chosen at checkout.');
});

test('a prescription line shows its directions and what is left; a refused one says why and leads to My prescriptions', async () => {
  const cart = cartOf(
    [
      line({ productId: 'p-ator', title: 'Atorvastatin 20 mg', quantity: 28, prescription: { prescriptionId: 'rx-1', itemId: 'it-1', directions: 'Take one tablet at night', quantityLeft: 56, expiresOn: '2027-04-15' } }),
      line({ productId: 'p-amox', title: 'Amoxicillin 500 mg', problem: PRESCRIPTION_REFUSALS.PRESCRIPTION_EXPIRED, problemCode: 'PRESCRIPTION_REQUIRED' }),
    ],
    { canCheckout: false },
  );
  fakeApi(() => ({ body: { success: true, data: cart } }));
  renderWithStore(<CartPage />, { url: '/cart', user: shopper });

  const dispensed = await screen.findByTestId('cart-line-p-ator');
  expect(dispensed).toHaveTextContent('Take one tablet at night · From your prescription (56 left)');
  expect(within(dispensed).queryByRole('link', { name: 'Add a prescription for this medicine' })).not.toBeInTheDocument();

  const refused = screen.getByTestId('cart-line-p-amox');
  expect(refused).toHaveTextContent(PRESCRIPTION_REFUSALS.PRESCRIPTION_EXPIRED);
  // the prescription added there is linked to this medicine
  expect(within(refused).getByRole('link', { name: 'Add a prescription for this medicine' })).toHaveAttribute('href', '/prescriptions?productId=p-amox');
});

test('a cart link (a refill reminder’s “Order again”) adds its product once, through cart add, and leaves the address bar', async () => {
  const cart = cartOf([line({ productId: 'p-statin', title: 'Atorvastatin 20mg Tablets', quantity: 28, maxQuantity: 28 })]);
  const { calls } = fakeApi(() => ({ body: { success: true, data: cart } }));
  renderWithStore(<CartPage />, { url: '/cart?add=p-statin%3A28', user: shopper });
  await screen.findByTestId('cart-line-p-statin');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
  const adds = calls.filter((c) => c.url === '/api/shop/cart/add');
  expect(adds.map((c) => c.body)).toEqual([expect.objectContaining({ productId: 'p-statin', quantity: 28 })]);
});

test('a cart link whose prescription is used up says why, with the way to My prescriptions', async () => {
  fakeApi((c) =>
    c.url === '/api/shop/cart/add'
      ? { status: 422, body: { success: false, code: 'PRESCRIPTION_USED_UP', message: PRESCRIPTION_REFUSALS.PRESCRIPTION_USED_UP } }
      : { body: { success: true, data: cartOf([]) } },
  );
  renderWithStore(<CartPage />, { url: '/cart?add=p-statin:28', user: shopper });
  const said = await screen.findByText(PRESCRIPTION_REFUSALS.PRESCRIPTION_USED_UP, { exact: false });
  expect(within(said.closest('p')!).getByRole('link', { name: 'Go to My prescriptions' })).toHaveAttribute('href', '/prescriptions?productId=p-statin');
});

test('a hand-edited cart link adds nothing', async () => {
  const { calls } = fakeApi(() => ({ body: { success: true, data: cartOf([]) } }));
  renderWithStore(<CartPage />, { url: '/cart?add=p-statin:0', user: shopper });
  await screen.findByText('Your cart is empty');
  expect(calls.some((c) => c.url === '/api/shop/cart/add')).toBe(false);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESCRIPTION_REFUSALS, PRESCRIPTION_ROUTE, VISITOR_CART_KEY, type ShopperPrescription, safetyBlockMessage, type Cart, type CartCapped, type CartLine, type Product, type ProductSafety } from '@pharmacy/contracts';
import AddToCart from '../src/exposes/AddToCart';
import { fail, fakeApi, makeProduct, ok, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';
import { cartOf as cartWith, line } from './fixtures';

const cartOf = (items: CartLine[]): Cart => cartWith(items, { userId: '', totalAmount: 5 });

/** The checkout service: a visitor's quote, or the signed-in cart add answering `capped` when asked. */
function serveCart(product: Product, opts: { capped?: CartCapped; message?: string } = {}) {
  return fakeApi((call: ApiCall) => {
    const items = call.path === '/api/shop/cart/quote' ? (call.body as { items: Array<{ productId: string; quantity: number }> }).items : [];
    if (call.path === '/api/shop/cart/add') {
      const quantity = opts.capped?.allowed ?? (call.body as { quantity: number }).quantity;
      const body = { success: true, data: cartOf([line({ productId: product._id, title: product.title, quantity })]), message: opts.message, capped: opts.capped };
      return { body };
    }
    return { body: { success: true, data: cartOf(items.map((i) => line({ productId: i.productId, title: product.title, quantity: i.quantity }))) } };
  });
}

afterEach(() => localStorage.clear());

describe('AddToCart (full, the product page)', () => {
  it('adds the chosen quantity on its own: no other cart widget needs to have mounted', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Ibuprofen 200mg', totalStock: 20 });
    const { calls } = serveCart(p);
    renderWithStore(<AddToCart product={p} />, { user: shopper });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/shop/cart/add')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/shop/cart/add')!.body).toEqual({ userId: shopper._id, productId: p._id, quantity: 3 });
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    expect(screen.getByText('Ibuprofen 200mg')).toBeInTheDocument();
  });

  it('a visitor adds to the browser cart, priced by the server', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ totalStock: 20 });
    const { calls } = serveCart(p);
    renderWithStore(<AddToCart product={p} />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? '[]')).toEqual([{ productId: p._id, quantity: 1 }]));
    expect(calls.some((c) => c.path === '/api/shop/cart/add')).toBe(false);
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
  });

  it('caps the quantity at maxPerOrder and says why', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Paracetamol 500mg', totalStock: 200, maxPerOrder: 2 });
    renderWithStore(<AddToCart product={p} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(plus).toBeDisabled();
    expect(screen.getByText(/Limited to 2 per order/)).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveAccessibleDescription(/Limited to 2 per order/);
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '9');
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
  });

  it('caps a product without its own limit at the default of 10 per order', async () => {
    const user = userEvent.setup();
    renderWithStore(<AddToCart product={makeProduct({ totalStock: 50, maxPerOrder: null })} />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(screen.getByText('Limited to 10 per order.')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '11');
    expect(quantity).toHaveValue(10);
  });

  it('caps the quantity at the stock left', async () => {
    const user = userEvent.setup();
    renderWithStore(<AddToCart product={makeProduct({ totalStock: 3 })} />);
    expect(screen.getByText('Only 3 left in stock.')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 5; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
  });

  describe('a prescription-only medicine', () => {
    const rx = makeProduct({ _id: 'p-ator', title: 'Atorvastatin 20 mg', requiresPrescription: true, totalStock: 200, maxPerOrder: null });
    const blocked: ProductSafety = { productId: rx._id, warnings: [], blocked: { code: 'PRESCRIPTION_REQUIRED', message: PRESCRIPTION_ROUTE } };
    const verified = (quantityLeft: number, over: Partial<ShopperPrescription> = {}): ShopperPrescription => ({
      _id: 'rx-1', source: 'paper', status: 'verified', standing: 'verified', createdAt: '2026-11-01T10:00:00.000Z', hasFile: true,
      items: [{ id: 'it-1', productId: rx._id, title: rx.title, quantity: 56, quantityLeft, directions: 'One at night', repeatsAllowed: 0, repeatsUsed: 0 }],
      writtenOn: '2026-10-15', expiresOn: '2027-04-15', ...over,
    });

    it('sends a visitor through sign-in to add their prescription', () => {
      fakeApi();
      renderWithStore(<AddToCart product={rx} safety={blocked} />);
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
      expect(screen.getByRole('link', { name: 'Sign in to add your prescription' })).toHaveAttribute(
        'href',
        `/sign-in?returnTo=${encodeURIComponent('/prescriptions?productId=p-ator')}`,
      );
    });

    it('says why a signed-in shopper cannot add it yet, and links to add a prescription for it', async () => {
      fakeApi().on('GET', '/api/shop/prescriptions', ok([verified(0, { _id: 'rx-0', standing: 'awaiting_check', status: 'awaiting_check', items: [], forProduct: { productId: rx._id, title: rx.title }, refusal: PRESCRIPTION_REFUSALS.PRESCRIPTION_AWAITING_CHECK })]));
      renderWithStore(<AddToCart product={rx} safety={blocked} />, { user: shopper });
      expect(await screen.findByText(PRESCRIPTION_REFUSALS.PRESCRIPTION_AWAITING_CHECK)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
      expect(screen.getByRole('link', { name: 'Add your prescription' })).toHaveAttribute('href', '/prescriptions?productId=p-ator');
    });

    it('with none at all, says one is needed', async () => {
      fakeApi().on('GET', '/api/shop/prescriptions', ok([]));
      renderWithStore(<AddToCart product={rx} safety={blocked} />, { user: shopper });
      expect(await screen.findByText(PRESCRIPTION_REFUSALS.PRESCRIPTION_NEEDED)).toBeInTheDocument();
    });

    it('adds as usual against a verified prescription, capped at what is left, saying how much and until when', async () => {
      const api = fakeApi((call: ApiCall) => (call.path === '/api/shop/cart/add' ? ok(cartOf([line({ productId: rx._id, title: rx.title, quantity: 2 })])) : fail(404, 'none')))
        .on('GET', '/api/shop/prescriptions', ok([verified(0, { _id: 'rx-old', expiresOn: '2027-01-01' }), verified(2)]));
      const user = userEvent.setup();
      renderWithStore(<AddToCart product={rx} safety={blocked} />, { user: shopper });
      expect(await screen.findByText('On your prescription: 2 left, use by 14 Apr 2027.')).toBeInTheDocument();
      const add = screen.getByRole('button', { name: 'Add to cart' });
      expect(add).toBeEnabled();
      await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
      expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
      expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
      await user.click(add);
      await waitFor(() => expect(api.callsTo('POST', '/api/shop/cart/add')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/shop/cart/add')[0].body).toEqual({ userId: shopper._id, productId: rx._id, quantity: 2 });
    });

    it('keeps the server’s refusal words beside the button when the cart refuses the add', async () => {
      fakeApi()
        .on('GET', '/api/shop/prescriptions', ok([verified(2)]))
        .on('POST', '/api/shop/cart/add', fail(422, PRESCRIPTION_REFUSALS.PRESCRIPTION_EXPIRED, 'PRESCRIPTION_EXPIRED'));
      const user = userEvent.setup();
      renderWithStore(<AddToCart product={rx} safety={blocked} />, { user: shopper });
      await screen.findByText(/On your prescription: 2 left/);
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(PRESCRIPTION_REFUSALS.PRESCRIPTION_EXPIRED);
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    });
  });

  it('cannot add when out of stock, and explains a prescription-only medicine', () => {
    const { unmount } = renderWithStore(<AddToCart product={makeProduct({ totalStock: 0 })} />);
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    unmount();
    renderWithStore(<AddToCart product={makeProduct({ requiresPrescription: true })} />);
    expect(screen.getByRole('heading', { name: 'Prescription-only medicine' })).toBeInTheDocument();
    expect(screen.getByText(PRESCRIPTION_ROUTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription(/Prescription-only medicine.*add your prescription/);
  });

  it('is disabled beside the catalog’s reason when the safety answer blocks the shopper (age)', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Nicotine Gum', minAge: 16, totalStock: 20 });
    const { calls } = serveCart(p);
    const safety: ProductSafety = { productId: p._id, warnings: [], blocked: { code: 'UNDER_AGE', message: safetyBlockMessage('UNDER_AGE', 16) } };
    renderWithStore(<AddToCart product={p} safety={safety} />, { user: shopper });
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You must be at least 16 to buy this.');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(button);
    expect(calls.some((c) => c.path === '/api/shop/cart/add')).toBe(false);
  });

  it('shows the server’s AGE_RESTRICTED refusal for a shopper whose age is known at the button and keeps it disabled', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Nicotine Gum', minAge: 16, totalStock: 20 });
    const message = safetyBlockMessage('UNDER_AGE', 16);
    fakeApi(() => ({ status: 422, body: { success: false, code: 'AGE_RESTRICTED', message } }));
    renderWithStore(<AddToCart product={p} />, { user: shopper });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.queryByText('Could not add to cart')).not.toBeInTheDocument();
  });
});

describe('the toast after an add reads the server’s capped field, never its wording', () => {
  it('stock: "Cart updated" naming what the cart holds, whatever the message says', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Cough Syrup', totalStock: 20 });
    serveCart(p, { capped: { requested: 5, allowed: 3, reason: 'stock' }, message: 'Texte dans une autre langue.' });
    renderWithStore(<AddToCart product={p} />, { user: shopper });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Cart updated')).toBeInTheDocument();
    expect(screen.getByText('Only 3 of Cough Syrup left in stock, so your cart has 3.')).toBeInTheDocument();
    expect(screen.queryByText(/autre langue/)).not.toBeInTheDocument();
  });

  it('maxPerOrder: says the per-order limit', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Paracetamol', totalStock: 20 });
    serveCart(p, { capped: { requested: 4, allowed: 2, reason: 'maxPerOrder' } });
    renderWithStore(<AddToCart product={p} />, { user: shopper });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Paracetamol is limited to 2 per order, so your cart has 2.')).toBeInTheDocument();
  });

  it('a message that merely contains "Only" or "set to" is not taken for a cap', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Only Natural Balm', totalStock: 20 });
    serveCart(p, { message: 'Only Natural Balm was set to arrive tomorrow.' });
    renderWithStore(<AddToCart product={p} />, { user: shopper });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    expect(screen.queryByText('Cart updated')).not.toBeInTheDocument();
  });

  it('a visitor’s line lowered by the quote says so from the line’s capped field', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Eye Drops', totalStock: 20 });
    fakeApi(() => ({ body: { success: true, data: cartOf([line({ productId: p._id, title: 'Eye Drops', quantity: 2, capped: { requested: 3, allowed: 2, reason: 'stock' } })]) } }));
    localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([{ productId: p._id, quantity: 2 }]));
    renderWithStore(<AddToCart product={p} />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Only 2 of Eye Drops left in stock, so your cart has 2.')).toBeInTheDocument();
  });
});

describe('AddToCart (compact, a listing card)', () => {
  it('one button, at least 44 px tall, named with the product title, adding one', async () => {
    const user = userEvent.setup();
    const p = makeProduct({ title: 'Vitamin C 1000mg', totalStock: 20 });
    const { calls } = serveCart(p);
    renderWithStore(<AddToCart product={p} variant="compact" />, { user: shopper });
    const button = screen.getByRole('button', { name: 'Add to cart: Vitamin C 1000mg' });
    expect(button).toHaveTextContent('Add to cart');
    expect(button).toHaveStyle({ minHeight: '2.75rem' });
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/shop/cart/add')?.body).toEqual({ userId: shopper._id, productId: p._id, quantity: 1 }));
  });

  it('respects stock and prescription exactly as the product page does', () => {
    const { unmount } = renderWithStore(<AddToCart product={makeProduct({ title: 'Gone Syrup', totalStock: 0 })} variant="compact" />);
    expect(screen.getByRole('button', { name: 'Out of stock: Gone Syrup' })).toBeDisabled();
    unmount();
    const { container } = renderWithStore(<AddToCart product={makeProduct({ title: 'Co-codamol', requiresPrescription: true })} variant="compact" />);
    expect(within(container).queryByRole('button')).not.toBeInTheDocument();
  });

  it('never matches the profile itself: only the catalog’s answer blocks, and warnings do not stop an add', async () => {
    const user = userEvent.setup();
    // the shopper is allergic to penicillin: the page shows the catalog's warning, the button still adds
    const p = makeProduct({ title: 'Amoxicillin', allergens: ['penicillin'], totalStock: 20 });
    const { calls } = serveCart(p);
    const safety: ProductSafety = {
      productId: p._id,
      blocked: null,
      warnings: [{ kind: 'allergy', productTerm: 'amoxicillin', profileTerm: 'Penicillin', via: 'a penicillin', message: 'Contains amoxicillin, a penicillin; you told us you are allergic to Penicillin.' }],
    };
    renderWithStore(<AddToCart product={p} variant="compact" safety={safety} />, { user: shopper });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart: Amoxicillin' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/shop/cart/add')).toBe(true));
  });

  it('a card blocked by age: a disabled button described by the reason', async () => {
    const p = makeProduct({ title: 'Nicotine Gum', minAge: 18 });
    const { calls } = serveCart(p);
    const safety: ProductSafety = { productId: p._id, warnings: [], blocked: { code: 'UNDER_AGE', message: safetyBlockMessage('UNDER_AGE', 18) } };
    renderWithStore(<AddToCart product={p} variant="compact" safety={safety} />, { user: shopper });
    await waitFor(() => expect(calls.some((c) => c.path === `/api/shop/cart/get/${shopper._id}`)).toBe(true));
    const button = screen.getByRole('button', { name: 'Add to cart: Nicotine Gum' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You must be at least 18 to buy this.');
  });

  it('shows no warning to a visitor', () => {
    renderWithStore(<AddToCart product={makeProduct({ title: 'Amoxicillin', allergens: ['penicillin'] })} variant="compact" />, { user: null });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart: Amoxicillin' })).not.toHaveAccessibleDescription();
  });
});

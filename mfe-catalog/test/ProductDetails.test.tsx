import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { safetyBlockMessage, type Product, type ProductSafety, type ReviewEligibility } from '@pharmacy/contracts';
import ProductDetails from '../src/exposes/ProductDetails';
import { serveCartWidget } from './cartWidget';
import { fail, fakeApi, ok, okList, makeProduct, renderWithStore, shopper, type ApiCall, type FakeReply } from '@pharmacy/test-kit';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());

function serve(p: Product | null, opts: { eligibility?: ReviewEligibility; reviews?: unknown[]; onReview?: (call: ApiCall) => unknown; safety?: (call: ApiCall) => FakeReply } = {}) {
  let reviews = opts.reviews ?? [];
  let added = false;
  return fakeApi((call) => {
    const path = call.path;
    if (path === '/api/shop/safety/check') return opts.safety?.(call) ?? okList([], { unrecognisedTerms: [] });
    if (path.startsWith('/api/shop/products/get/')) {
      return p ? ok(p) : { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'That product does not exist.' } };
    }
    if (path.startsWith('/api/shop/review/can-review/')) {
      return ok(added ? { canReview: false, reason: 'ALREADY_REVIEWED' } : (opts.eligibility ?? { canReview: false, reason: 'SIGN_IN' }));
    }
    if (path === '/api/shop/review/add') {
      const data = opts.onReview?.(call);
      added = true;
      reviews = [{ _id: 'r1', productId: p!._id, userId: shopper._id, reviewMessage: (call.body as { reviewMessage: string }).reviewMessage, reviewValue: 4, createdAt: '2024-05-01T00:00:00.000Z' }];
      return ok(data);
    }
    if (path.startsWith('/api/shop/review/')) return okList(reviews, { averageReview: reviews.length ? 4 : 0, reviewCount: reviews.length });
    return { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
  });
}
const open = (p: Product | null, user = null as typeof shopper | null) =>
  renderWithStore(<ProductDetails />, { url: `/pharmacy/product/${p?._id ?? 'missing'}`, path: '/pharmacy/product/:productId', user });

describe('ProductDetails', () => {
  it('shows a loading state, then the product with its details', async () => {
    const p = makeProduct({
      title: 'Ibuprofen 200mg Tablets',
      activeIngredients: ['Ibuprofen 200mg'],
      dosageForm: 'Tablets',
      packSize: '16 tablets',
      allergens: ['NSAIDs'],
      contraindications: ['asthma'],
      price: 1.79,
    });
    serve(p);
    open(p);
    expect(screen.getByText('Loading product')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ibuprofen 200mg Tablets' })).toBeInTheDocument();
    expect(screen.getByText('Ibuprofen 200mg')).toBeInTheDocument();
    expect(screen.getByText('16 tablets')).toBeInTheDocument();
    expect(screen.getByText('$1.79')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'Ibuprofen 200mg Tablets' });
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
  });

  it('says so when the product does not exist', async () => {
    serve(null);
    open(null);
    expect(await screen.findByText('This product is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/pharmacy/products');
  });

  it('buys through the cart-checkout remote’s Add-to-cart widget (full variant), loaded from the host', async () => {
    const p = makeProduct({ title: 'Paracetamol 500mg', totalStock: 3, maxPerOrder: 2 });
    serve(p);
    open(p);
    const widget = await screen.findByTestId('add-to-cart');
    expect(widget).toHaveAttribute('data-variant', 'full');
    expect(widget).toHaveAttribute('data-product', p._id);
    expect(screen.getByText('Only 3 left in stock')).toBeInTheDocument(); // the page's own stock badge
  });

  it('shows the prescription-only badge; the widget explains that it cannot be bought online', async () => {
    const p = makeProduct({ title: 'Co-codamol 30/500mg', requiresPrescription: true });
    serve(p);
    open(p);
    expect(await screen.findByText('Prescription only')).toBeInTheDocument();
    expect(await screen.findByTestId('add-to-cart')).toHaveAttribute('data-product', p._id);
  });

  it('shows the catalog’s warnings in its words and hands its age block to the widget (a signed-in shopper)', async () => {
    const p = makeProduct({ title: 'Ibuprofen 200mg Tablets', allergens: ['NSAIDs'], minAge: 16 });
    const answer: ProductSafety = {
      productId: p._id,
      warnings: [
        { kind: 'allergy', productTerm: 'ibuprofen', profileTerm: 'NSAIDs', via: 'an NSAID', message: 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.' },
        { kind: 'condition', productTerm: 'peptic ulcer', profileTerm: 'stomach ulcer', message: 'Not advised with peptic ulcer; you told us you have a stomach ulcer.' },
      ],
      blocked: { code: 'UNDER_AGE', message: safetyBlockMessage('UNDER_AGE', 16) },
    };
    const { calls } = serve(p, { safety: () => okList([answer], { unrecognisedTerms: [] }) });
    open(p, shopper);
    const alert = await screen.findByRole('alert', { name: 'Check before you buy' });
    expect(alert).toHaveTextContent('Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.');
    expect(alert).toHaveTextContent('Not advised with peptic ulcer; you told us you have a stomach ulcer.');
    expect(alert).toHaveTextContent('a pharmacist will check your order after payment');
    await waitFor(() => expect(screen.getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'UNDER_AGE'));
    expect(calls.filter((c) => c.path === '/api/shop/safety/check').map((c) => c.body)).toEqual([{ productIds: [p._id] }]);
  });

  it('asks nothing for a visitor and shows no warning; the product’s fields block a prescription-only medicine', async () => {
    const p = makeProduct({ allergens: ['lactose'], requiresPrescription: true });
    const { calls } = serve(p);
    open(p);
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByTestId('add-to-cart')).toHaveAttribute('data-safety', 'PRESCRIPTION_REQUIRED');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/shop/safety/check')).toBe(false);
  });

  it('shows no warning when the catalog finds none, and says so when it cannot be asked', async () => {
    const p = makeProduct({ allergens: ['lactose'] });
    serve(p, { safety: () => okList([{ productId: p._id, warnings: [], blocked: null }], { unrecognisedTerms: [] }) });
    const first = open(p, shopper);
    await waitFor(() => expect(screen.getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'ok'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    serve(p, { safety: () => fail(503, 'The catalog is unavailable.') });
    open(p, shopper);
    expect(await screen.findByText(/We could not check this product against your health profile just now/)).toBeInTheDocument();
    expect(screen.getByTestId('add-to-cart')).toHaveAttribute('data-safety', 'unknown');
  });

  it('marks a pharmacy medicine and says a pharmacist checks the order', async () => {
    const p = makeProduct({ pharmacyOnly: true });
    serve(p);
    open(p);
    expect(await screen.findByText('Pharmacy medicine')).toBeInTheDocument();
    expect(screen.getByText(/at checkout you answer a few short questions about who it is for, and a pharmacist checks the order/)).toBeInTheDocument();
  });

  it('shows reviews with the average, and tells a visitor to sign in to review', async () => {
    const p = makeProduct();
    serve(p, { reviews: [{ _id: 'r0', productId: p._id, userId: 'u', reviewMessage: 'Really helped.', reviewValue: 5, createdAt: '2024-05-01T12:00:00.000Z' }] });
    open(p);
    expect(await screen.findByText('Really helped.')).toBeInTheDocument();
    // the shop's one date format, as on orders and in admin
    expect(screen.getByText('1 May 2024')).toHaveAttribute('datetime', '2024-05-01T12:00:00.000Z');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('tells a signed-in non-buyer why they cannot review', async () => {
    const p = makeProduct();
    serve(p, { eligibility: { canReview: false, reason: 'NOT_A_BUYER' } });
    open(p, shopper);
    expect(await screen.findByText('Only customers who bought this product can review it.')).toBeInTheDocument();
  });

  it('tells a buyer whose order has not arrived yet that they can review once it is delivered, with the way to their orders', async () => {
    const p = makeProduct();
    serve(p, { eligibility: { canReview: false, reason: 'NOT_DELIVERED' } });
    open(p, shopper);
    const why = await screen.findByText(/^You can review this once your order has been delivered or collected\./);
    expect(within(why).getByRole('link', { name: 'Follow your order' })).toHaveAttribute('href', '/my-orders');
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('lets a buyer add a review, checks it first, and shows the new average', async () => {
    const user = userEvent.setup();
    const p = makeProduct();
    const { calls } = serve(p, { eligibility: { canReview: true }, onReview: () => ({ averageReview: 4, reviewCount: 1 }) });
    open(p, shopper);
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByText('Please choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByText('Please write at least 3 characters.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), ' for my headaches');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/shop/review/add')).toBe(true));
    expect(calls.find((c) => c.path === '/api/shop/review/add')!.body).toEqual({ productId: p._id, reviewMessage: 'ok for my headaches', reviewValue: 4 });
    expect(await screen.findByText('ok for my headaches', { selector: 'li p' })).toBeInTheDocument();
    expect(screen.getByText('4.0 out of 5 (1 review)')).toBeInTheDocument();
    expect(form).not.toBeInTheDocument();
    expect(await screen.findByText('Thank you, you have already reviewed this product.')).toBeInTheDocument();
  });

  it('shows the server refusal when the review is not accepted', async () => {
    const user = userEvent.setup();
    const p = makeProduct();
    fakeApi((call) => {
      const path = call.path;
      if (path.startsWith('/api/shop/products/get/')) return ok(p);
      if (path.startsWith('/api/shop/review/can-review/')) return ok({ canReview: true });
      if (path === '/api/shop/review/add') return { status: 409, body: { success: false, code: 'ALREADY_REVIEWED', message: 'You have already reviewed this product.' } };
      return okList([], { averageReview: 0, reviewCount: 0 });
    });
    open(p, shopper);
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Great stuff');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('You have already reviewed this product.')).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, ReviewEligibility } from '@pharmacy/contracts';
import ProductDetails from '../src/exposes/ProductDetails';
import { serveCartWidget } from './cartWidget';
import { fakeApi, ok, okList, makeProduct, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
beforeEach(() => serveCartWidget());

function serve(p: Product | null, opts: { eligibility?: ReviewEligibility; reviews?: unknown[]; onReview?: (call: ApiCall) => unknown } = {}) {
  let reviews = opts.reviews ?? [];
  let added = false;
  return fakeApi((call) => {
    const path = call.path;
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

  it('warns a signed-in user whose allergies, conditions or age match the product', async () => {
    const p = makeProduct({ allergens: ['NSAIDs', 'lactose'], contraindications: ['asthma', 'stomach ulcer'], minAge: 16 });
    serve(p);
    open(p, { ...shopper, allergies: ['nsaid'], healthConditions: ['Asthma'], DOB: new Date(Date.now() - 10 * 365.25 * 86400000).toISOString().slice(0, 10) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Contains NSAIDs');
    expect(alert).toHaveTextContent('Not advised for people with asthma');
    expect(alert).toHaveTextContent('You must be 16 or over');
    expect(alert).not.toHaveTextContent('lactose');
  });

  it('shows no warning to a visitor or to a user without a match', async () => {
    const p = makeProduct({ allergens: ['lactose'], contraindications: ['asthma'] });
    serve(p);
    open(p, { ...shopper, allergies: ['penicillin'], healthConditions: ['diabetes'] });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows reviews with the average, and tells a visitor to sign in to review', async () => {
    const p = makeProduct();
    serve(p, { reviews: [{ _id: 'r0', productId: p._id, userId: 'u', reviewMessage: 'Really helped.', reviewValue: 5, createdAt: '2024-05-01T00:00:00.000Z' }] });
    open(p);
    expect(await screen.findByText('Really helped.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('tells a signed-in non-buyer why they cannot review', async () => {
    const p = makeProduct();
    serve(p, { eligibility: { canReview: false, reason: 'NOT_A_BUYER' } });
    open(p, shopper);
    expect(await screen.findByText('Only customers who bought this product can review it.')).toBeInTheDocument();
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

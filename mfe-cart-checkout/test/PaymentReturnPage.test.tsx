import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDispatch } from 'react-redux';
import { Route, useLocation, useNavigate } from 'react-router-dom';
import { CURRENT_ORDER_ID_KEY, returnToIn, type Order } from '@pharmacy/contracts';
import { setUser } from '@pharmacy/session';
import PaymentReturnPage from '../src/exposes/PaymentReturnPage';
import PaymentCancelPage from '../src/exposes/PaymentCancelPage';
import { fakeApi, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';
import { orderOf } from './fixtures';
import { leaveFor } from '../src/payment/leave';

// The one full page load the page makes (jsdom has no navigation): recorded, not performed.
jest.mock('../src/payment/leave', () => ({ leaveFor: jest.fn() }));

const order: Order = orderOf({
  items: [{ productId: 'p1', title: 'Vitamin D', image: '', brand: 'Acme', price: 12.5, quantity: 2, lineTotal: 25, warnings: [] }],
  totalAmount: 25,
});
const emptyCart = { success: true, data: { userId: shopper._id, items: [], itemCount: 0, totalAmount: 0, canCheckout: false, hasWarnings: false, needsConsultation: false } };

afterEach(() => {
  sessionStorage.clear();
  jest.mocked(leaveFor).mockClear();
});

/** The account's sign-in page as far as this flow needs it: sign in, then back to the page its address names. */
function SignInStandIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const returnTo = returnToIn(location.search);
  return (
    <section>
      <h1>Sign in</h1>
      <p data-testid="return-to">{returnTo ?? ''}</p>
      <button
        type="button"
        onClick={() => {
          dispatch(setUser(shopper));
          navigate(returnTo ?? '/', { replace: true });
        }}
      >
        Sign in
      </button>
    </section>
  );
}
const signInRoute = <Route path="/sign-in" element={<SignInStandIn />} />;
const RETURN_URL = '/secure/checkout/return?orderId=order-42&paymentId=SBX-1&payerId=PAYER1';
const isCapture = (c: ApiCall) => c.url === '/api/shop/order/capture';
const testConfig = { body: { success: true, data: { provider: 'sandbox', testPayments: true } } };

test('captures with paymentId, payerId and the stored order id, clears currentOrderId and shows the confirmed order', async () => {
  sessionStorage.setItem(CURRENT_ORDER_ID_KEY, 'order-42');
  const { calls } = fakeApi((c) => (c.url === '/api/shop/order/capture' ? { body: { success: true, data: order } } : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: '/secure/checkout/return?paymentId=SBX-1&payerId=PAYER1', user: shopper });
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(calls.filter((c) => c.url === '/api/shop/order/capture')).toEqual([
    expect.objectContaining({ method: 'POST', body: { paymentId: 'SBX-1', payerId: 'PAYER1', orderId: 'order-42' } }),
  ]);
  expect(sessionStorage.getItem(CURRENT_ORDER_ID_KEY)).toBeNull();
  expect(screen.getByText(/2 × Vitamin D/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/my-orders');
});

test('on a provider error shows the message and Retry captures again', async () => {
  sessionStorage.setItem(CURRENT_ORDER_ID_KEY, 'order-42');
  let attempts = 0;
  const { calls } = fakeApi((c) => {
    if (c.url !== '/api/shop/order/capture') return { body: emptyCart };
    attempts++;
    return attempts === 1
      ? { status: 502, body: { success: false, code: 'PAYMENT_PROVIDER_ERROR', message: 'The payment provider is having trouble right now. Your order is still open: please try again in a moment.' } }
      : { body: { success: true, data: order } };
  });
  renderWithStore(<PaymentReturnPage />, { url: '/secure/checkout/return?paymentId=5O190127TN364715T&payerId=QYR5Z8XDVJNXQ', user: shopper });
  expect(await screen.findByRole('alert')).toHaveTextContent('Your order is still open');
  expect(sessionStorage.getItem(CURRENT_ORDER_ID_KEY)).toBe('order-42');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  const captures = calls.filter((c) => c.url === '/api/shop/order/capture');
  expect(captures).toHaveLength(2);
  expect(captures[1].body).toEqual({ paymentId: '5O190127TN364715T', payerId: 'QYR5Z8XDVJNXQ', orderId: 'order-42' });
});

test.each([
  ['PayPal’s', '?orderId=order-42&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ'],
  ['the sandbox’s', '?orderId=order-42&paymentId=SBX-1&PayerID=PAYER1'],
])('an older return link in %s words is handed to the server’s return route once, never read or captured here', async (_who, query) => {
  const { calls } = fakeApi(() => ({ body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: `/secure/checkout/return${query}`, user: shopper });
  await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(`/api/payments/return${query}`));
  expect(leaveFor).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
  expect(calls.some(isCapture)).toBe(false);
});

test('a return the server could not read says so and captures nothing; it is not handed back to the server', async () => {
  const { calls } = fakeApi(() => ({ body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: '/secure/checkout/return?orderId=order-42&error=unreadable', user: shopper });
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment provider’s answer could not be read, so your payment was not confirmed.');
  expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
  expect(leaveFor).not.toHaveBeenCalled();
  expect(calls.some(isCapture)).toBe(false);
});

test('without payment details it explains instead of calling capture', async () => {
  const { calls } = fakeApi(() => ({ body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: '/secure/checkout/return', user: shopper });
  expect(await screen.findByRole('alert')).toHaveTextContent('could not find the payment details');
  expect(calls.some((c) => c.url === '/api/shop/order/capture')).toBe(false);
});

test('the cancel page cancels the order, says the reservation was released and the cart is kept', async () => {
  sessionStorage.setItem(CURRENT_ORDER_ID_KEY, 'order-42');
  const { calls } = fakeApi((c) => (c.url === '/api/shop/order/cancel' ? { body: { success: true, data: { ...order, orderStatus: 'rejected', paymentStatus: 'failed' } } } : { body: emptyCart }));
  renderWithStore(<PaymentCancelPage />, { url: '/secure/checkout/cancel?paymentId=SBX-1&orderId=order-42', user: shopper });
  expect(await screen.findByText(/items we held for you were released/)).toHaveAttribute('role', 'status');
  expect(screen.getByText(/Your cart is kept/)).toBeInTheDocument();
  await waitFor(() => expect(sessionStorage.getItem(CURRENT_ORDER_ID_KEY)).toBeNull());
  expect(calls.find((c) => c.url === '/api/shop/order/cancel')?.body).toEqual({ orderId: 'order-42' });
});

test('landing signed out (another host name than where the shop was opened): sent to sign in with the query intact, then back, and the capture completes', async () => {
  // No currentOrderId in this origin's sessionStorage: the order id comes from the return URL.
  const { calls } = fakeApi((c) => (isCapture(c) ? { body: { success: true, data: order } } : c.url === '/api/payments/config' ? testConfig : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: RETURN_URL, user: null, routes: signInRoute });

  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByTestId('return-to')).toHaveTextContent(RETURN_URL);
  expect(calls.some(isCapture)).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(calls.filter(isCapture)).toEqual([expect.objectContaining({ body: { paymentId: 'SBX-1', payerId: 'PAYER1', orderId: 'order-42' } })]);
  expect(screen.getByRole('note')).toHaveTextContent('Test payment: no money is taken');
});

test('a session that ended before the capture (401) sends the shopper to sign in and back to the same URL, where the capture completes', async () => {
  let attempts = 0;
  const { calls } = fakeApi((c) => {
    if (!isCapture(c)) return { body: emptyCart };
    attempts++;
    return attempts === 1
      ? { status: 401, body: { success: false, code: 'UNAUTHORIZED', message: 'Please sign in.' } }
      : { body: { success: true, data: order } };
  });
  renderWithStore(<PaymentReturnPage />, { url: RETURN_URL, user: shopper, routes: signInRoute });

  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(screen.getByTestId('return-to')).toHaveTextContent(RETURN_URL);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(calls.filter(isCapture)).toHaveLength(2);
  expect(calls.filter(isCapture)[1].body).toEqual({ paymentId: 'SBX-1', payerId: 'PAYER1', orderId: 'order-42' });
});

test('the order id in the return URL wins over an older one left in sessionStorage', async () => {
  sessionStorage.setItem(CURRENT_ORDER_ID_KEY, 'order-old');
  const { calls } = fakeApi((c) => (isCapture(c) ? { body: { success: true, data: order } } : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: RETURN_URL, user: shopper });
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(calls.find(isCapture)?.body).toEqual({ paymentId: 'SBX-1', payerId: 'PAYER1', orderId: 'order-42' });
});


/** The first thing said once the payment is in, announced as the page's status. */
async function receivedLine() {
  const line = await screen.findByText(/^Payment received/);
  expect(line).toHaveAttribute('role', 'status');
  return line;
}

test('an order held for a pharmacist: payment received, checked by our pharmacist before we prepare it, never "confirmed" above the refund caveat', async () => {
  const held = orderOf({ ...order, review: { status: 'awaiting', reasons: ['Pharmacy medicine: Chloramphenicol Eye Drops'], decidedBy: null, decidedAt: null, note: null } });
  fakeApi((c) => (isCapture(c) ? { body: { success: true, data: held } } : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: RETURN_URL, user: shopper });
  expect(await receivedLine()).toHaveTextContent(/^Payment received; our pharmacist checks this order before we prepare it\.$/);
  const review = screen.getByRole('note', { name: 'Awaiting pharmacist review' });
  expect(review).toHaveTextContent('If our pharmacist cannot approve it, we do not send it and your payment is refunded in full.');
  expect(screen.getByText('#ORDER-42').closest('p')).toHaveTextContent('Order #ORDER-42 · Awaiting pharmacist review · Payment: Paid');
  expect(screen.getByRole('heading', { name: 'Thank you for your order' }).closest('section')).not.toHaveTextContent(/confirmed/i);
});

test('an order that needs no review: payment received and we are preparing it, nothing of a pharmacist', async () => {
  fakeApi((c) => (isCapture(c) ? { body: { success: true, data: order } } : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: RETURN_URL, user: shopper });
  expect(await receivedLine()).toHaveTextContent(/^Payment received; we are preparing your order\.$/);
  expect(screen.getByText(/· Confirmed · Payment: Paid$/)).toBeInTheDocument();
  expect(screen.queryByText(/pharmacist/i)).not.toBeInTheDocument();
});

test('a return page opened again after the pharmacist refused the order says it closed, not that it is being prepared', async () => {
  const refused = orderOf({
    ...order, orderStatus: 'rejected', paymentStatus: 'refunded', closedReason: 'rejectedByPharmacist',
    review: { status: 'rejected', reasons: ['Pharmacy medicine: Chloramphenicol Eye Drops'], decidedBy: 'ph-1', decidedAt: '2025-03-01T12:00:00.000Z', note: 'Not suitable.' },
  });
  fakeApi((c) => (isCapture(c) ? { body: { success: true, data: refused } } : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: RETURN_URL, user: shopper });
  expect(await receivedLine()).toHaveTextContent('Payment received, but this order has since closed: Not approved by our pharmacist.');
  expect(screen.queryByRole('note', { name: 'Awaiting pharmacist review' })).not.toBeInTheDocument();
});

test('the confirmed order is named by its short number, with the shop’s status words, its figures and the pharmacy to collect from', async () => {
  const id = 'fc34a420-9b1d-4c55-8e0f-2a6c1d7e3b90';
  const collected = orderOf({
    _id: id,
    orderNumber: '#FC34A420',
    items: order.items,
    subtotal: 25,
    deliveryFee: 0,
    totalAmount: 25,
    taxIncluded: 4.17,
    currency: 'GBP',
    delivery: { method: 'collect', label: 'Click and collect', fee: 0, pharmacy: { id: 'high-street', name: 'High Street Pharmacy', address: '12 High Street, London N1 2AB' } },
  });
  fakeApi((c) => (c.url === '/api/shop/order/capture' ? { body: { success: true, data: collected } } : { body: emptyCart }));
  renderWithStore(<PaymentReturnPage />, { url: `/secure/checkout/return?orderId=${id}&paymentId=SBX-1&payerId=PAYER1`, user: shopper });
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(screen.getByText('#FC34A420').closest('p')).toHaveTextContent('Order #FC34A420 · Confirmed · Payment: Paid');
  expect(screen.getByRole('heading', { name: 'Thank you for your order' }).closest('section')).not.toHaveTextContent(id);
  expect(screen.getByLabelText('Order figures')).toHaveTextContent('Subtotal£25.00Click and collectFreeTotal£25.00');
  expect(screen.getByText('Includes £4.17 VAT (20%)')).toBeInTheDocument();
  expect(screen.getByText('Collect at High Street Pharmacy, 12 High Street, London N1 2AB')).toBeInTheDocument();
});

test('the cancel page names the order by its short number and says "Payment cancelled"', async () => {
  const cancelled = orderOf({ _id: 'fc34a420-9b1d', orderNumber: '#FC34A420', orderStatus: 'rejected', paymentStatus: 'failed', closedReason: 'cancelled' });
  fakeApi((c) => (c.url === '/api/shop/order/cancel' ? { body: { success: true, data: cancelled } } : { body: emptyCart }));
  renderWithStore(<PaymentCancelPage />, { url: '/secure/checkout/cancel?orderId=fc34a420-9b1d', user: shopper });
  expect(await screen.findByText('#FC34A420')).toBeInTheDocument();
  expect(screen.getByText('#FC34A420').closest('p')).toHaveTextContent('Order #FC34A420 · Payment cancelled');
  expect(screen.queryByText(/Rejected|Failed/)).not.toBeInTheDocument();
});

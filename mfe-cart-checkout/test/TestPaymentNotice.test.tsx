import { screen, waitFor } from '@testing-library/react';
import type { Order } from '@pharmacy/contracts';
import CheckoutPage from '../src/exposes/CheckoutPage';
import PaymentCancelPage from '../src/exposes/PaymentCancelPage';
import PaymentReturnPage from '../src/exposes/PaymentReturnPage';
import { fakeApi, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';
import { address, cartOf, deliveryOptions, line, orderOf } from './fixtures';

const NOTICE = 'Test payment: no money is taken';
const cart = cartOf([line({})]);
const order = (paymentMethod: string): Order => orderOf({ paymentMethod, paymentId: 'P-1' });

/** The shop's API with the payment config the server reports. */
function shopApi(testPayments: boolean, captured?: Order) {
  return fakeApi((c: ApiCall) => {
    if (c.url === '/api/payments/config') return { body: { success: true, data: { provider: testPayments ? 'sandbox' : 'paypal', testPayments } } };
    if (c.url.startsWith('/api/shop/address/get/')) return { body: { success: true, data: [address] } };
    if (c.url === '/api/shop/delivery/options') return { body: { success: true, data: deliveryOptions } };
    if (c.url === '/api/shop/order/capture' && captured) return { body: { success: true, data: captured } };
    if (c.url === '/api/shop/order/cancel') return { body: { success: true, data: { ...order('sandbox'), orderStatus: 'rejected', paymentStatus: 'failed' } } };
    return { body: { success: true, data: cart } };
  });
}

afterEach(() => {
  sessionStorage.clear();
});

test('the checkout page says "Test payment: no money is taken" when the server reports the sandbox', async () => {
  const { calls } = shopApi(true);
  renderWithStore(<CheckoutPage />, { url: '/secure/checkout', path: '/secure/checkout', user: shopper });
  expect(await screen.findByRole('note')).toHaveTextContent(NOTICE);
  expect(screen.getByRole('button', { name: 'Place order and pay' })).toBeInTheDocument();
  expect(calls.filter((c) => c.url === '/api/payments/config')).toHaveLength(1);
});

test('the checkout page shows no notice with a real provider', async () => {
  const { calls } = shopApi(false);
  renderWithStore(<CheckoutPage />, { url: '/secure/checkout', path: '/secure/checkout', user: shopper });
  expect(await screen.findByRole('button', { name: 'Place order and pay' })).toBeInTheDocument();
  await waitFor(() => expect(calls.some((c) => c.path === '/api/payments/config')).toBe(true));
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});

test('the return page labels a sandbox order, and not a PayPal one', async () => {
  shopApi(true, order('sandbox'));
  const first = renderWithStore(<PaymentReturnPage />, { url: '/secure/checkout/return?orderId=order-42&paymentId=P-1&payerId=PAYER1', user: shopper });
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent(NOTICE);
  first.unmount();

  shopApi(false, order('paypal'));
  renderWithStore(<PaymentReturnPage />, { url: '/secure/checkout/return?orderId=order-42&paymentId=P-1&payerId=PAYER1', user: shopper });
  expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
  expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
});

test('the cancel page says it too while payments are tests', async () => {
  shopApi(true);
  renderWithStore(<PaymentCancelPage />, { url: '/secure/checkout/cancel?paymentId=SBX-1&orderId=order-42', user: shopper });
  expect(await screen.findByText(/items we held for you were released/)).toBeInTheDocument();
  expect(await screen.findByRole('note')).toHaveTextContent(NOTICE);
});

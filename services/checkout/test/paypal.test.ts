/**
 * The PayPal Orders v2 provider against a LOCAL fake of PayPal's documented endpoints (fake-paypal.ts):
 * OAuth2 client credentials, create order, capture, and PayPal's error responses.
 */
import { createPayPalProvider } from '../src/payments/providers/paypal';
import { PaymentError } from '../src/payments/port';
import { startFakePayPal, type FakePayPal } from './fake-paypal';
import { createHarness, followProviderReturn, prepareShopper, type Harness } from './harness';

jest.setTimeout(30_000);

const creds = { clientId: 'client-abc', clientSecret: 'secret-xyz' };
let pp: FakePayPal;
beforeEach(async () => {
  pp = await startFakePayPal(creds);
});
afterEach(() => pp.close());

const input = (orderId = 'order-1') => ({
  orderId, amountCents: 2599, currency: 'USD', description: 'Test order', returnUrl: 'http://shop.test/secure/checkout/return', cancelUrl: 'http://shop.test/secure/checkout/cancel',
});

describe('PayPal provider', () => {
  test('creates an order with our order id as PayPal-Request-Id, returns the payer-action link, caches the token', async () => {
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base });
    const a = await provider.createPayment(input('order-1'));
    expect(a.approvalURL).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${a.paymentId}`);
    const create = pp.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(create.requestId).toBe('order-1');
    expect(create.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: 'order-1', amount: { currency_code: 'USD', value: '25.99' } }],
      payment_source: { paypal: { experience_context: { return_url: 'http://shop.test/secure/checkout/return', cancel_url: 'http://shop.test/secure/checkout/cancel?orderId=order-1' } } },
    });
    // A retried create is the same PayPal order (idempotency), and the token was fetched once.
    const again = await provider.createPayment(input('order-1'));
    expect(again.paymentId).toBe(a.paymentId);
    expect(pp.tokenCalls).toBe(1);

    pp.approve(a.paymentId);
    const cap = await provider.capture(a.paymentId, 'PAYER1');
    expect(cap.captureId).toMatch(/^3C679366HH/);
    const capReq = pp.requests.find((r) => r.path.endsWith('/capture'))!;
    expect(capReq.requestId).toBe(`capture-${a.paymentId}`);
    expect(capReq.auth).toMatch(/^Bearer A21AA/);
  });

  test('accepts the older "approve" link relation too', async () => {
    pp.faults.set('/v2/checkout/orders', [{ status: 201, body: { id: 'ORDER9', status: 'CREATED', links: [{ rel: 'approve', href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER9' }] } }]);
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base });
    expect(await provider.createPayment(input())).toEqual({ paymentId: 'ORDER9', approvalURL: 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER9' });
  });

  test('renews the token when it expires', async () => {
    let now = 1_000_000;
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base, now: () => now });
    await provider.createPayment(input('o-1'));
    now += 32_400_000; // past expires_in (32400 s), renewed a minute early
    await provider.createPayment(input('o-2'));
    now += 1000;
    await provider.createPayment(input('o-3'));
    expect(pp.tokenCalls).toBe(2);
  });

  test('wrong credentials (401 invalid_client) are a provider failure, not the shopper’s', async () => {
    const provider = createPayPalProvider({ clientId: 'client-abc', clientSecret: 'wrong', apiBase: pp.base });
    const err = await provider.createPayment(input()).catch((e) => e);
    expect(err).toBeInstanceOf(PaymentError);
    expect(err.kind).toBe('unavailable');
    expect(err.detail).toMatch(/401 invalid_client/);
  });

  test('maps 422 INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED, 5xx and a hang', async () => {
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 300 });
    const { paymentId } = await provider.createPayment(input());
    pp.approve(paymentId);
    pp.faults.set(`/v2/checkout/orders/${paymentId}/capture`, [
      { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] } },
      { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } },
      'hang',
    ]);
    expect(await provider.capture(paymentId, 'P').catch((e) => e.kind)).toBe('declined');
    expect(await provider.capture(paymentId, 'P').catch((e) => e.kind)).toBe('unavailable');
    expect(await provider.capture(paymentId, 'P').catch((e) => e.kind)).toBe('timeout');
    const first = await provider.capture(paymentId, 'P');
    // A capture whose answer was lost: PayPal says ORDER_ALREADY_CAPTURED, and that is success with the same capture.
    const replay = await provider.capture(paymentId, 'P');
    expect(replay.captureId).toBe(first.captureId);
  });
});

describe('checkout service with PayPal', () => {
  let h: Harness;
  afterEach(() => h?.close());

  test('provider error and timeout keep the order pending and retryable; the shopper gets a clear message', async () => {
    h = await createHarness({ payments: () => createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 300 }) });
    const p = await h.addProduct({ price: 8, totalStock: 5 });
    const addressId = await prepareShopper(h, 'pp-user', [{ productId: p, quantity: 2 }]);
    const created = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('pp-user'), payload: { addressId } });
    expect(created.statusCode).toBe(200);
    const { orderId, approvalURL } = created.json().data;
    const token = new URL(approvalURL).searchParams.get('token')!;
    // 16.00 of items and 3.99 of standard delivery.
    expect(pp.orders.get(token)?.amount).toBe('19.99');
    pp.approve(token);

    // PayPal sends the shopper to the return_url it was given, adding ?token=<its order id>&PayerID=...; the shop's
    // return route hands the page our words, which the capture takes.
    const context = (pp.requests.find((r) => r.path === '/v2/checkout/orders')!.body as { payment_source: { paypal: { experience_context: { return_url: string } } } })
      .payment_source.paypal.experience_context;
    const back = new URL(context.return_url);
    expect(back.pathname).toBe('/api/payments/return');
    back.searchParams.set('token', token);
    back.searchParams.set('PayerID', 'PAYERX1');
    const page = await followProviderReturn(h, back.href);
    expect(page.pathname).toBe('/secure/checkout/return');
    const body = { paymentId: page.searchParams.get('paymentId')!, payerId: page.searchParams.get('payerId')!, orderId: page.searchParams.get('orderId')! };
    expect(body).toEqual({ paymentId: token, payerId: 'PAYERX1', orderId });
    const cap = () => h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as('pp-user'), payload: body });
    pp.faults.set(`/v2/checkout/orders/${token}/capture`, [{ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } }, 'hang']);

    const e1 = await cap();
    expect(e1.statusCode).toBe(502);
    expect(e1.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringMatching(/still open: please try again/) });
    const e2 = await cap();
    expect(e2.statusCode).toBe(503);
    expect(e2.json().message).toMatch(/did not answer in time/);
    const pending = (await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: h.as('pp-user') })).json().data;
    expect(pending).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    expect(await h.stockOf(p)).toBe(3); // still reserved

    const ok = await cap();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid', paymentMethod: 'paypal', payerId: 'PAYERX1' });
    expect((await cap()).json().data).toEqual(ok.json().data);
    // 503, hang, success; the replay after success never reached PayPal.
    expect(pp.requests.filter((r) => r.path.endsWith('/capture') && r.method === 'POST')).toHaveLength(3);
  });

  test('a declined payment keeps the order pending; a provider that cannot create the payment releases the stock', async () => {
    h = await createHarness({ payments: () => createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 300 }) });
    const p = await h.addProduct({ totalStock: 5 });
    const addressId = await prepareShopper(h, 'pp-2', [{ productId: p, quantity: 1 }]);
    const { orderId, approvalURL } = (await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('pp-2'), payload: { addressId } })).json().data;
    const token = new URL(approvalURL).searchParams.get('token')!;
    pp.approve(token);
    pp.faults.set(`/v2/checkout/orders/${token}/capture`, [{ status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] } }]);
    const declined = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as('pp-2'), payload: { paymentId: token, payerId: 'P2', orderId } });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: expect.stringMatching(/declined/) });
    expect(await h.stockOf(p)).toBe(4);

    pp.faults.set('/v2/checkout/orders', [{ status: 500 }]);
    const failed = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('pp-2'), payload: { addressId } });
    expect(failed.statusCode).toBe(502);
    expect(await h.stockOf(p)).toBe(4); // the second order's unit went back
    const orders = (await h.app.inject({ method: 'GET', url: '/api/shop/order/list/pp-2', headers: h.as('pp-2') })).json().data;
    expect(orders.map((o: { orderStatus: string; paymentStatus: string }) => `${o.orderStatus}/${o.paymentStatus}`)).toEqual(['rejected/failed', 'pending/pending']);
  });
});

describe('PayPal refunds (a pharmacist rejected the order)', () => {
  async function capturedPayment(provider: ReturnType<typeof createPayPalProvider>, orderId: string) {
    const { paymentId } = await provider.createPayment(input(orderId));
    pp.approve(paymentId);
    return (await provider.capture(paymentId, 'PAYER1')).captureId;
  }

  test('refunds the capture with PayPal-Request-Id refund-<order id> and the amount; a retry returns the same refund and moves no more money', async () => {
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base });
    const captureId = await capturedPayment(provider, 'order-r1');
    const first = await provider.refund(captureId, { amountCents: 2599, currency: 'USD', orderId: 'order-r1' });
    const refundReq = pp.requests.find((r) => r.path === `/v2/payments/captures/${captureId}/refund`)!;
    expect(refundReq.requestId).toBe('refund-order-r1');
    expect(refundReq.body).toMatchObject({ amount: { currency_code: 'USD', value: '25.99' }, invoice_id: 'order-r1' });
    const again = await provider.refund(captureId, { amountCents: 2599, currency: 'USD', orderId: 'order-r1' });
    expect(again.refundId).toBe(first.refundId);
    expect(pp.refunds.size).toBe(1);
  });

  test('a capture refunded before (CAPTURE_FULLY_REFUNDED) counts as refunded; 5xx and a hang are retryable failures; FAILED is a refusal', async () => {
    const provider = createPayPalProvider({ ...creds, apiBase: pp.base, timeoutMs: 300 });
    const captureId = await capturedPayment(provider, 'order-r2');
    await provider.refund(captureId, { amountCents: 2599, currency: 'USD', orderId: 'someone-else' });
    await expect(provider.refund(captureId, { amountCents: 2599, currency: 'USD', orderId: 'order-r2' })).resolves.toEqual({ refundId: expect.any(String) });
    expect(pp.refunds.size).toBe(1);

    const refundPath = '/v2/payments/captures/';
    pp.faults.set(refundPath, [{ status: 503 }, 'hang', { status: 201, body: { id: 'R-FAILED', status: 'FAILED' } }]);
    await expect(provider.refund(captureId, { amountCents: 1, currency: 'USD', orderId: 'o' })).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(provider.refund(captureId, { amountCents: 1, currency: 'USD', orderId: 'o' })).rejects.toMatchObject({ kind: 'timeout' });
    await expect(provider.refund(captureId, { amountCents: 1, currency: 'USD', orderId: 'o' })).rejects.toMatchObject({ kind: 'rejected' });
  });
});

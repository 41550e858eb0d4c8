/**
 * The provider's return is read on the server (docs/architecture.md#payments): the shop's return route turns the
 * provider's own query into { orderId, paymentId, payerId } for the return page, and anything else into the page's
 * error state, never a 500 or a bare 400. The registry holds one entry per provider name, and a provider added
 * through the same entry shape is chosen, built and read without a change anywhere else.
 */
import { PAYMENT_PROVIDERS } from '@pharmacy/contracts';
import { openStore } from '@pharmacy/db';
import { loadConfig } from '@pharmacy/service-kit';
import {
  PAYMENT_PROVIDER_ENTRIES,
  PaymentConfigError,
  choosePaymentProvider,
  createPayPalProvider,
  paymentProviderFor,
  returnParamsFor,
  returnParamsFrom,
  type PaymentProviderEntry,
  type PaymentProvider,
  type PaymentRegistry,
} from '../src/payments';
import { createHarness, type Harness } from './harness';

let h: Harness;
afterEach(() => h?.close());

/** Opens a return URL on the shop; the page it lands on, as path and query. */
async function land(url: string) {
  const res = await h.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(303);
  expect(res.headers['cache-control']).toBe('no-store');
  const to = new URL(String(res.headers.location), 'http://shop.test');
  // Relative: the shopper stays on the origin their session cookie belongs to.
  expect(String(res.headers.location).startsWith('/')).toBe(true);
  return { path: to.pathname, query: Object.fromEntries(to.searchParams) };
}

describe('a PayPal shop reads PayPal’s return', () => {
  beforeEach(async () => {
    // The routes never call PayPal: an unreachable API proves it.
    h = await createHarness({ payments: () => createPayPalProvider({ clientId: 'a', clientSecret: 'b', apiBase: 'http://127.0.0.1:1' }) });
  });

  test('token and PayerID become paymentId and payerId; PayPal’s other parameters are dropped', async () => {
    expect(await land('/api/payments/return?orderId=ord-1&token=5O190127TN364715T&PayerID=FSMVU44LF3YUS&ba_token=x')).toEqual({
      path: '/secure/checkout/return',
      query: { orderId: 'ord-1', paymentId: '5O190127TN364715T', payerId: 'FSMVU44LF3YUS' },
    });
  });

  test.each([
    ['no PayerID', 'orderId=ord-1&token=5O190127TN364715T'],
    ['the sandbox’s words', 'orderId=ord-1&paymentId=SBX-1&PayerID=P1'],
    ['a token the capture would refuse', 'orderId=ord-1&token=5O1%3Cscript%3E&PayerID=P1'],
    ['no order id', 'token=T1&PayerID=P1'],
  ])('%s: the return page says the payment could not be read, keeping a valid order id', async (_what, query) => {
    const { path, query: q } = await land(`/api/payments/return?${query}`);
    expect(path).toBe('/secure/checkout/return');
    expect(q).toEqual({ ...(query.startsWith('orderId=ord-1') ? { orderId: 'ord-1' } : {}), error: 'unreadable' });
  });

  test.each([
    ['an order id that is not an id', 'orderId=..%2Fadmin&token=T1&PayerID=P1'],
    ['a repeated order id', 'orderId=a&orderId=b&token=T1&PayerID=P1'],
    ['an overlong value', `orderId=ord-1&token=${'T'.repeat(300)}&PayerID=P1`],
    ['too many parameters', `orderId=ord-1&${Array.from({ length: 20 }, (_, i) => `p${i}=1`).join('&')}`],
  ])('%s: the error state without anything from the query', async (_what, query) => {
    expect(await land(`/api/payments/return?${query}`)).toEqual({ path: '/secure/checkout/return', query: { error: 'unreadable' } });
  });

  test('the cancel route hands the cancel page only the order id', async () => {
    expect(await land('/api/payments/cancel?orderId=ord-1&token=5O190127TN364715T')).toEqual({ path: '/secure/checkout/cancel', query: { orderId: 'ord-1' } });
    expect(await land('/api/payments/cancel?orderId=..%2Fx')).toEqual({ path: '/secure/checkout/cancel', query: {} });
    expect(await land('/api/payments/cancel')).toEqual({ path: '/secure/checkout/cancel', query: {} });
  });
});

describe('the registry', () => {
  test('every name in contracts’ list has exactly one entry, under its own name, and there is no other', () => {
    expect(Object.keys(PAYMENT_PROVIDER_ENTRIES).sort()).toEqual([...PAYMENT_PROVIDERS].sort());
    for (const [name, entry] of Object.entries(PAYMENT_PROVIDER_ENTRIES)) expect(entry.name).toBe(name);
  });

  test('each entry reads only its own provider’s return', () => {
    const sandboxReturn = { paymentId: 'SBX-1', PayerID: 'SBXPAYER1' };
    const paypalReturn = { token: 'PP1', PayerID: 'PAYER1' };
    expect(returnParamsFor('sandbox', sandboxReturn)).toEqual({ paymentId: 'SBX-1', payerId: 'SBXPAYER1' });
    expect(returnParamsFor('sandbox', paypalReturn)).toBeNull();
    expect(returnParamsFor('paypal', paypalReturn)).toEqual({ paymentId: 'PP1', payerId: 'PAYER1' });
    expect(returnParamsFor('paypal', sandboxReturn)).toBeNull();
  });

  test('a provider added through the same entry shape is chosen, built and read with no other change', async () => {
    let keyed = false;
    const made: string[] = [];
    // A provider whose name is not in contracts' list yet: its folder would export exactly this.
    const acme: PaymentProviderEntry<'acme'> = {
      name: 'acme',
      needs: 'ACME_KEY',
      settings: () => (keyed ? { state: 'complete' } : { state: 'absent' }),
      create: () => {
        const provider: PaymentProvider<'acme'> = {
          name: 'acme',
          async createPayment(input) {
            made.push(input.orderId);
            return { paymentId: `AC-${input.orderId}`, approvalURL: `https://acme.test/pay/AC-${input.orderId}` };
          },
          async cancelPayment() {},
          async capture(paymentId) {
            return { captureId: `CAP-${paymentId}` };
          },
          async getPayment() {
            return { status: 'not_captured' };
          },
          async refund() {
            return { refundId: 'R1' };
          },
        };
        return provider;
      },
      returnParams: (q) => returnParamsFrom(q.ref, q.buyer),
    };
    const registry: PaymentRegistry<'sandbox' | 'acme'> = { sandbox: PAYMENT_PROVIDER_ENTRIES.sandbox, acme };
    const order = ['sandbox', 'acme'] as const;
    const settings = loadConfig({}).checkout;

    // Not configured: the sandbox outside production; in production the start is refused, naming acme's variable.
    expect(choosePaymentProvider(settings, { production: false }, registry, order)).toEqual({ name: 'sandbox' });
    expect(() => choosePaymentProvider(settings, { production: true }, registry, order)).toThrow(PaymentConfigError);
    expect(() => choosePaymentProvider(settings, { production: true }, registry, order)).toThrow(/Set ACME_KEY, or set PAYMENT_PROVIDER=sandbox/);

    keyed = true;
    const choice = choosePaymentProvider(settings, { production: true }, registry, order);
    expect(choice).toEqual({ name: 'acme' });
    const store = await openStore({ name: 'checkout', inMemory: true });
    try {
      const provider = paymentProviderFor(settings, choice, { store, publicOrigin: 'http://shop.test' }, registry);
      expect(provider.name).toBe('acme');
      await expect(provider.createPayment({ orderId: 'o1', amountCents: 100, currency: 'GBP', description: 'd', returnUrl: 'http://shop.test/r', cancelUrl: 'http://shop.test/c' })).resolves.toMatchObject({ paymentId: 'AC-o1' });
      expect(made).toEqual(['o1']);
    } finally {
      await store.close();
    }
    expect(returnParamsFor('acme', { ref: 'AC-o1', buyer: 'B7' }, registry)).toEqual({ paymentId: 'AC-o1', payerId: 'B7' });
    expect(returnParamsFor('acme', { ref: 'AC-o1' }, registry)).toBeNull();
  });

  test('two real providers configured and none chosen: the start is refused, asking for PAYMENT_PROVIDER', () => {
    const twin = { ...PAYMENT_PROVIDER_ENTRIES.paypal, name: 'twin' } as unknown as PaymentProviderEntry<'twin'>;
    const registry: PaymentRegistry<'sandbox' | 'paypal' | 'twin'> = { ...PAYMENT_PROVIDER_ENTRIES, twin };
    const settings = loadConfig({ PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' }).checkout;
    expect(() => choosePaymentProvider(settings, { production: false }, registry, ['sandbox', 'paypal', 'twin'])).toThrow(
      'paypal and twin are all configured: set PAYMENT_PROVIDER to the one that takes the payments.',
    );
  });
});

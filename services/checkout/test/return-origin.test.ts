/**
 * The provider sends the shopper back to the origin they started from when it is trusted (their session cookie
 * lives there), and the order id rides in the return URL: a shopper on 127.0.0.1 while PUBLIC_ORIGIN says
 * localhost comes back signed in, to a page that knows the order.
 */
import { parseOriginList, returnOriginFor, trustedReturnOrigins } from '../src/payments/return-origin';
import { createHarness, prepareShopper, type Harness } from './harness';

const PUBLIC = 'http://localhost:5000';

describe('trusted return origins', () => {
  test('the public origin, TRUSTED_ORIGINS, and in development the loopback aliases of the public origin on the same port', () => {
    const dev = trustedReturnOrigins(PUBLIC, ['https://www.pharmacy.example'], false);
    expect([...dev].sort()).toEqual(['http://127.0.0.1:5000', 'http://[::1]:5000', 'http://localhost:5000', 'https://www.pharmacy.example'].sort());
    const prod = trustedReturnOrigins(PUBLIC, [], true);
    expect([...prod]).toEqual(['http://localhost:5000']);
    // A public host name has no loopback aliases.
    expect([...trustedReturnOrigins('https://shop.example', [], false)]).toEqual(['https://shop.example']);
  });

  test('an untrusted, malformed or absent Origin falls back to the public origin', () => {
    const trusted = trustedReturnOrigins(PUBLIC, [], false);
    expect(returnOriginFor(trusted, PUBLIC, 'http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    expect(returnOriginFor(trusted, PUBLIC, 'http://127.0.0.1:5001')).toBe(PUBLIC);
    expect(returnOriginFor(trusted, PUBLIC, 'https://evil.example')).toBe(PUBLIC);
    expect(returnOriginFor(trusted, PUBLIC, 'null')).toBe(PUBLIC);
    expect(returnOriginFor(trusted, PUBLIC, 'javascript:alert(1)')).toBe(PUBLIC);
    expect(returnOriginFor(trusted, PUBLIC, undefined)).toBe(PUBLIC);
  });

  test('TRUSTED_ORIGINS is a comma list of origins; anything else stops the start', () => {
    expect(parseOriginList(' https://a.example , https://b.example:8443/ ')).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(parseOriginList(undefined)).toEqual([]);
    expect(() => parseOriginList('https://a.example/shop')).toThrow(/TRUSTED_ORIGINS: "https:\/\/a.example\/shop" is not an origin/);
    expect(() => parseOriginList('a.example')).toThrow(/TRUSTED_ORIGINS/);
  });
});

describe('order create: the approval and return URLs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ deps: { publicOrigin: PUBLIC, trustedOrigins: ['http://shop.lan:8080'], production: false } });
  });
  afterAll(() => h.close());

  /** A browser on `origin` places an order (its Host matches, as a browser's does, so the CSRF check passes). */
  async function placeFrom(userId: string, origin: string | null) {
    const p = await h.addProduct({ totalStock: 10 });
    const addressId = await prepareShopper(h, userId, [{ productId: p, quantity: 1 }]);
    const headers: Record<string, string> = { ...h.as(userId) };
    if (origin) Object.assign(headers, { origin, host: new URL(origin).host });
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers, payload: { addressId } });
    expect(res.statusCode).toBe(200);
    const { orderId, approvalURL } = res.json().data;
    const confirm = await h.app.inject({ method: 'GET', url: `${new URL(approvalURL).pathname}/confirm` });
    expect(confirm.statusCode).toBe(302);
    return { orderId, approvalURL: new URL(approvalURL), back: new URL(String(confirm.headers.location)) };
  }

  test('a shopper who started on 127.0.0.1 is sent back to 127.0.0.1 with the order id in the return URL', async () => {
    const { orderId, approvalURL, back } = await placeFrom('u-loopback', 'http://127.0.0.1:5000');
    expect(approvalURL.origin).toBe('http://127.0.0.1:5000');
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:5000/api/payments/return');
    expect(back.searchParams.get('orderId')).toBe(orderId);
    expect(back.searchParams.get('paymentId')).toMatch(/^SBX-/);
    expect(back.searchParams.get('PayerID')).toMatch(/^SBXPAYER/);
  });

  test('an origin from TRUSTED_ORIGINS is trusted too', async () => {
    const { back } = await placeFrom('u-trusted', 'http://shop.lan:8080');
    expect(back.origin).toBe('http://shop.lan:8080');
  });

  test('an untrusted origin (or none) goes back to PUBLIC_ORIGIN', async () => {
    const other = await placeFrom('u-other', 'http://192.168.1.20:5000');
    expect(other.back.origin).toBe(PUBLIC);
    expect(other.approvalURL.origin).toBe(PUBLIC);
    expect(other.back.searchParams.get('orderId')).toBe(other.orderId);
    const none = await placeFrom('u-none', null);
    expect(none.back.origin).toBe(PUBLIC);
  });

  test('the cancel link keeps the start origin and carries the order id', async () => {
    const p = await h.addProduct({ totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-cancel-origin', [{ productId: p, quantity: 1 }]);
    const res = await h.app.inject({
      method: 'POST', url: '/api/shop/order/create',
      headers: { ...h.as('u-cancel-origin'), origin: 'http://127.0.0.1:5000', host: '127.0.0.1:5000' }, payload: { addressId },
    });
    const { orderId, approvalURL } = res.json().data;
    const cancel = await h.app.inject({ method: 'GET', url: new URL(approvalURL).pathname.replace('/approve/', '/cancel/') });
    const to = new URL(String(cancel.headers.location));
    expect(to.origin + to.pathname).toBe('http://127.0.0.1:5000/api/payments/cancel');
    expect(to.searchParams.get('orderId')).toBe(orderId);
  });
});

describe('in production the loopback aliases are not trusted', () => {
  test('a shopper on 127.0.0.1 goes back to PUBLIC_ORIGIN', async () => {
    const h = await createHarness({ deps: { publicOrigin: PUBLIC, production: true } });
    try {
      const p = await h.addProduct({ totalStock: 10 });
      const addressId = await prepareShopper(h, 'u-prod', [{ productId: p, quantity: 1 }]);
      const res = await h.app.inject({
        method: 'POST', url: '/api/shop/order/create',
        headers: { ...h.as('u-prod'), origin: 'http://127.0.0.1:5000', host: '127.0.0.1:5000' }, payload: { addressId },
      });
      expect(res.statusCode).toBe(200);
      expect(new URL(res.json().data.approvalURL).origin).toBe(PUBLIC);
    } finally {
      await h.close();
    }
  });
});

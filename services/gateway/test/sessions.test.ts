/**
 * Sessions end everywhere at once, with the services apart as in distributed mode: the account, catalog and
 * checkout services each in their own app with their own revocation list, talking over their real HTTP clients
 * (routed with injectFetch). Catalog and checkout follow the account service's revocations at the production
 * interval (1 s), and every check below allows the promised 5 seconds.
 */
import { randomUUID } from 'node:crypto';
import { ACCESS_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, MARKETS, REFRESH_COOKIE } from '@pharmacy/contracts';
import { openBlobStore, openStore, type DocumentStore } from '@pharmacy/db';
import {
  DEFAULT_REVOCATION_POLL_MS,
  createApp,
  createMailer,
  followAccountRevocations,
  generateTestKeys,
  httpTransport,
  injectFetch,
  type App,
  type OutboxDoc,
  type RevocationFollower,
} from '@pharmacy/service-kit';
import { buildAccountService, serviceEraser, type AccountControls } from '@pharmacy/account-service';
import { buildCatalogService, checkoutPurchaseChecker } from '@pharmacy/catalog-service';
import { buildCheckoutService, createAccountClient, createCatalogClient, createSandboxProvider } from '@pharmacy/checkout-service';

const ORIGIN = 'http://shop.test';
const PASSWORD = 'Correct-horse-9';
const STRONG = 'Lantern-quartz-meadow-83';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;
const BIG = { max: 100_000, timeWindow: '1 minute' };
const PROMISE_MS = 5000;

type Response = Awaited<ReturnType<App['inject']>>;

interface Shop {
  account: App;
  catalog: App;
  checkout: App;
  accountStore: DocumentStore;
  checkoutStore: DocumentStore;
  catalogStore: DocumentStore;
  controls: AccountControls;
  followers: RevocationFollower[];
  /** Fault injection: the account service's calls to checkout fail as if checkout were down. */
  checkoutDown: { value: boolean };
  /** Fault injection: catalog's and checkout's polls of the account service fail as if it were down. */
  accountDown: { value: boolean };
  /** Moves the account service's clock. */
  clock: { offsetMs: number };
  productId: string;
  close(): Promise<void>;
}

async function openShop(): Promise<Shop> {
  const keys = generateTestKeys();
  const token = keys.internalToken;
  const apps: Partial<Record<'account' | 'catalog' | 'checkout', App>> = {};
  const to = (name: keyof typeof apps): typeof fetch => ((input: string | URL | Request, init?: RequestInit) => injectFetch(apps[name]!)(input, init)) as typeof fetch;
  const checkoutDown = { value: false };
  const accountDown = { value: false };
  const clock = { offsetMs: 0 };

  const accountStore = await openStore({ name: 'account', inMemory: true });
  const account = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  let controls: AccountControls | undefined;
  const toCheckout = to('checkout');
  await account.register(
    buildAccountService(
      {
        store: accountStore,
        privateKey: keys.privateKey,
        mailer: createMailer({ outbox: accountStore.collection<OutboxDoc>('outbox'), log: quiet }),
        internalToken: token,
        publicOrigin: ORIGIN,
        rateLimits: { login: BIG, register: BIG, forgotPassword: BIG, resetPassword: BIG, passwordCheck: BIG, tickets: BIG },
        now: () => new Date(Date.now() + clock.offsetMs),
        passwordCost: { memoryCost: 1024, timeCost: 1 },
        erasers: [
          serviceEraser('checkout', {
            baseUrl: 'http://checkout.internal',
            token,
            fetch: (async (input: string | URL | Request, init?: RequestInit) => {
              if (checkoutDown.value) throw new TypeError('fetch failed: connect ECONNREFUSED');
              return toCheckout(input, init);
            }) as typeof fetch,
          }),
          serviceEraser('catalog', { baseUrl: 'http://catalog.internal', token, fetch: to('catalog') }),
        ],
        erasureRetryMs: 0,
      },
      { onReady: (c) => (controls = c) },
    ),
  );
  apps.account = account;

  const catalogStore = await openStore({ name: 'catalog', inMemory: true });
  const blobs = await openBlobStore({ name: 'catalog', inMemory: true });
  const catalog = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  await catalog.register(
    buildCatalogService({
      store: catalogStore,
      blobs,
      internalToken: token,
      purchases: checkoutPurchaseChecker({ baseUrl: 'http://checkout.internal', token, fetch: to('checkout') }),
      rateLimits: { reviewAdd: BIG },
    }),
  );
  apps.catalog = catalog;

  const checkoutStore = await openStore({ name: 'checkout', inMemory: true });
  const checkout = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  await checkout.register(
    buildCheckoutService({
      store: checkoutStore,
      catalog: createCatalogClient({ baseUrl: 'http://catalog.internal', token, fetch: to('catalog') }),
      account: createAccountClient({ baseUrl: 'http://account.internal', token, fetch: to('account') }),
      payments: createSandboxProvider({ store: checkoutStore, publicOrigin: ORIGIN }),
      internalToken: token,
      publicOrigin: ORIGIN,
      sweepIntervalMs: 0,
      rateLimits: { cart: BIG, address: BIG, orderCreate: BIG, orderCapture: BIG, quote: BIG },
    }),
  );
  apps.checkout = checkout;

  // What catalog and checkout run in production (started by the server's listen; started by hand here).
  const followers = [catalog, checkout].map((app) =>
    followAccountRevocations(app, {
      peers: {
        account: httpTransport('http://account.internal', (async (input: string | URL | Request, init?: RequestInit) => {
          if (accountDown.value) throw new TypeError('fetch failed: connect ECONNREFUSED');
          return to('account')(input, init);
        }) as typeof fetch),
      },
      internalToken: token,
      log: quiet,
      config: { revocationPollMs: DEFAULT_REVOCATION_POLL_MS },
    }),
  );
  for (const app of [account, catalog, checkout]) await app.ready();
  for (const f of followers) f.start();

  // A product added by staff through the admin API, as a signed-in admin of the account service.
  const image = (await blobs.put(PNG, { contentType: 'image/png' })).id;
  const staff = { email: `staff-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD };
  const reg = await account.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Sam', lastName: 'Staff', ...staff } });
  await accountStore.collection('users').updateOne({ _id: reg.json().user._id }, { $set: { admin: true, roles: ['admin'] } });
  const login = await account.inject({ method: 'POST', url: '/api/auth/login', payload: staff });
  const added = await catalog.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: new Browser().take(login).headers(),
    payload: { title: 'Vitamin D', description: 'A test product.', category: 'pain-relief', brand: 'Acme', price: 10, totalStock: 100, image },
  });
  if (added.statusCode !== 200) throw new Error(`product add failed: ${added.body}`);
  const productId = added.json().data._id as string;

  return {
    account, catalog, checkout, accountStore, checkoutStore, catalogStore, controls: controls!, followers, checkoutDown, accountDown, clock, productId,
    async close() {
      for (const f of followers) f.stop();
      for (const app of [account, catalog, checkout]) await app.close();
      for (const s of [accountStore, catalogStore, checkoutStore]) await s.close();
      await blobs.close();
    },
  };
}

/** A browser's cookies for the shop's one origin. */
class Browser {
  cookies = new Map<string, string>();
  take(res: Response): this {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return this;
  }
  clone(): Browser {
    const b = new Browser();
    b.cookies = new Map(this.cookies);
    return b;
  }
  headers() {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), [CSRF_HEADER]: CSRF_HEADER_VALUE };
  }
}

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.close());

async function signUp(opts: { admin?: boolean; firstName?: string; lastName?: string } = {}) {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const name = { firstName: opts.firstName ?? 'Ada', lastName: opts.lastName ?? 'Lovelace' };
  const reg = await shop.account.inject({ method: 'POST', url: '/api/auth/register', payload: { ...name, email, password: PASSWORD } });
  expect(reg.statusCode).toBe(201);
  const userId = reg.json().user._id as string;
  if (opts.admin) await shop.accountStore.collection('users').updateOne({ _id: userId }, { $set: { admin: true, roles: ['admin'] } });
  const browser = await signIn(email, PASSWORD);
  return { email, userId, browser };
}

async function signIn(email: string, password: string) {
  const res = await shop.account.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return new Browser().take(res);
}

const send = (app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, browser: Browser, payload?: object) =>
  app.inject({ method, url, headers: browser.headers(), ...(payload ? { payload } : {}) });

/** A shopper route on checkout, an admin write and a shopper write on catalog, with this browser's token. */
async function statuses(userId: string, browser: Browser) {
  const product = (await shop.catalog.inject(`/api/shop/products/get/${shop.productId}`)).json().data;
  const [cart, adminEdit, review] = await Promise.all([
    send(shop.checkout, 'GET', `/api/shop/cart/get/${userId}`, browser),
    send(shop.catalog, 'PUT', `/api/admin/products/edit/${shop.productId}`, browser, { description: `Edited by ${userId}.`, version: product.version }),
    send(shop.catalog, 'POST', '/api/shop/review/add', browser, { productId: shop.productId, reviewMessage: 'Good stuff.', reviewValue: 4 }),
  ]);
  return { cart: cart.statusCode, adminEdit: adminEdit.statusCode, review: review.statusCode, reviewCode: review.json().code as string };
}

/** Waits (at most the promised 5 s) until every route refuses the token; returns how long it took. */
async function refusedEverywhereWithin(userId: string, browser: Browser): Promise<number> {
  const started = Date.now();
  for (;;) {
    const s = await statuses(userId, browser);
    if (s.cart === 401 && s.adminEdit === 401 && s.review === 401) {
      expect(s.reviewCode).toBe('UNAUTHENTICATED'); // signed out, not "refresh your token"
      return Date.now() - started;
    }
    if (Date.now() - started > PROMISE_MS) throw new Error(`still accepted after ${PROMISE_MS} ms: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectAccepted(userId: string, browser: Browser) {
  const s = await statuses(userId, browser);
  expect(s.cart).toBe(200);
  expect(s.adminEdit).toBe(200);
  // A signed-in user who has not bought the product: refused for that reason, not for the token.
  expect(s.review).toBe(403);
}

describe('an old access token is refused by catalog and checkout within 5 s of each of the five events', () => {
  test('logout', async () => {
    const { userId, browser } = await signUp({ admin: true });
    const old = browser.clone();
    await expectAccepted(userId, old);
    expect((await send(shop.account, 'POST', '/api/auth/logout', browser)).statusCode).toBe(200);
    expect(await refusedEverywhereWithin(userId, old)).toBeLessThan(PROMISE_MS);
  });

  test('password change: the old token is refused, the device that changed it keeps working', async () => {
    const { userId, browser } = await signUp({ admin: true });
    const old = browser.clone();
    const otherDevice = await signIn((await shop.accountStore.collection('users').findOne({ _id: userId }))!.email as string, PASSWORD);
    await expectAccepted(userId, old);
    const res = await send(shop.account, 'POST', '/api/account/change-password', browser, { currentPassword: PASSWORD, newPassword: STRONG });
    expect(res.statusCode).toBe(200);
    browser.take(res);
    expect(browser.cookies.get(ACCESS_COOKIE)).not.toBe(old.cookies.get(ACCESS_COOKIE));

    expect(await refusedEverywhereWithin(userId, old)).toBeLessThan(PROMISE_MS);
    expect(await refusedEverywhereWithin(userId, otherDevice)).toBeLessThan(PROMISE_MS);
    await expectAccepted(userId, browser);
    expect((await send(shop.account, 'GET', '/api/auth/check-auth', browser)).statusCode).toBe(200);
  });

  test('password reset', async () => {
    const { userId, email, browser } = await signUp({ admin: true });
    await expectAccepted(userId, browser);
    await shop.account.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    let mail: OutboxDoc | null = null;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = await shop.accountStore.collection<OutboxDoc>('outbox').findOne({ to: email });
      if (!mail) await new Promise((r) => setTimeout(r, 20));
    }
    const resetToken = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]);
    const res = await shop.account.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: STRONG } });
    expect(res.statusCode).toBe(200);
    expect(await refusedEverywhereWithin(userId, browser)).toBeLessThan(PROMISE_MS);
  });

  test('refresh-token reuse: the stolen copy kills the session, and with it every access token of it', async () => {
    const { userId, browser } = await signUp({ admin: true });
    const thief = browser.clone();
    const rotated = await send(shop.account, 'POST', '/api/auth/refresh', browser);
    expect(rotated.statusCode).toBe(200);
    browser.take(rotated);
    await expectAccepted(userId, browser);
    shop.clock.offsetMs += 11_000; // past the grace for two tabs refreshing at once
    const reuse = await shop.account.inject({
      method: 'POST', url: '/api/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${thief.cookies.get(REFRESH_COOKIE)}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(reuse.statusCode).toBe(401);
    expect(await refusedEverywhereWithin(userId, browser)).toBeLessThan(PROMISE_MS);
    expect(await refusedEverywhereWithin(userId, thief)).toBeLessThan(PROMISE_MS);
  });

  test('account deletion', async () => {
    const { userId, browser } = await signUp({ admin: true });
    await expectAccepted(userId, browser);
    const res = await send(shop.account, 'DELETE', '/api/account/profile', browser, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await refusedEverywhereWithin(userId, browser)).toBeLessThan(PROMISE_MS);
  });
});

describe('a change of staff roles reaches catalog and checkout within 5 s', () => {
  const claimsOf = (browser: Browser) => JSON.parse(Buffer.from(browser.cookies.get(ACCESS_COOKIE)!.split('.')[1], 'base64url').toString()) as { roles?: string[] };
  const staffStatuses = async (browser: Browser) => {
    const answers = await Promise.all([send(shop.catalog, 'GET', '/api/admin/products/get', browser), send(shop.checkout, 'GET', '/api/admin/orders/get', browser)]);
    return answers.map((res) => (res.statusCode === 401 ? (res.json().code as string) : res.statusCode));
  };
  /** How long until both staff routes answer `expected` (at most the promised 5 s). */
  const within5s = async (browser: Browser, expected: Array<string | number>) => {
    const started = Date.now();
    while ((await staffStatuses(browser)).join() !== expected.join()) {
      if (Date.now() - started > PROMISE_MS) throw new Error(`not ${expected.join()} after ${PROMISE_MS} ms: ${(await staffStatuses(browser)).join()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  };
  const refresh = async (browser: Browser) => {
    const res = await send(shop.account, 'POST', '/api/auth/refresh', browser);
    expect(res.statusCode).toBe(200);
    browser.take(res);
  };

  test('a removed role: the old token is refused as expired (not signed out), the refreshed one carries the roles left', async () => {
    const admin = await signUp({ admin: true });
    const staff = await signUp();
    const setRoles = (roles: string[]) => send(shop.account, 'PUT', `/api/admin/users/roles/${staff.userId}`, admin.browser, { roles });
    expect((await setRoles(['catalogue', 'support'])).statusCode).toBe(200);
    // The token from before the grant carries no roles: the browser is told to refresh, and then has them.
    expect(await within5s(staff.browser, ['TOKEN_EXPIRED', 'TOKEN_EXPIRED'])).toBeLessThan(PROMISE_MS);
    await refresh(staff.browser);
    expect(claimsOf(staff.browser).roles).toEqual(['catalogue', 'support']);
    expect(await staffStatuses(staff.browser)).toEqual([200, 200]);

    expect((await setRoles(['support'])).statusCode).toBe(200);
    expect(await within5s(staff.browser, ['TOKEN_EXPIRED', 'TOKEN_EXPIRED'])).toBeLessThan(PROMISE_MS);
    await refresh(staff.browser);
    expect(claimsOf(staff.browser).roles).toEqual(['support']);
    expect((await send(shop.checkout, 'GET', '/api/admin/orders/get', staff.browser)).statusCode).toBe(200);
    // The session was kept: a shopper route of the same browser goes on working.
    expect((await send(shop.checkout, 'GET', `/api/shop/cart/get/${staff.userId}`, staff.browser)).statusCode).toBe(200);
  });
});

describe('deleting an account erases the personal data in every service', () => {
  test('checkout down at deletion time: the erasure waits and completes on retry; orders stay, anonymised', async () => {
    const { userId, browser } = await signUp();
    // A shopper's history: an address, a paid order, a cart, a ticket, a review.
    const address = await send(shop.checkout, 'POST', '/api/shop/address/add', browser, {
      fullName: 'Ada Lovelace', line1: '12 Analytical Row', city: 'London', postalCode: 'N1 9GU', phone: '+44 20 7946 0000',
    });
    expect(address.statusCode).toBe(200);
    await send(shop.checkout, 'POST', '/api/shop/cart/add', browser, { userId, productId: shop.productId, quantity: 2 });
    const order = await send(shop.checkout, 'POST', '/api/shop/order/create', browser, { addressId: address.json().data._id });
    expect(order.statusCode).toBe(200);
    const { orderId, approvalURL } = order.json().data;
    const approved = await shop.checkout.inject({ method: 'GET', url: `${new URL(approvalURL).pathname}/confirm` });
    const back = new URL(String(approved.headers.location));
    const captured = await send(shop.checkout, 'POST', '/api/shop/order/capture', browser, {
      orderId, paymentId: back.searchParams.get('paymentId')!, payerId: back.searchParams.get('PayerID')!,
    });
    expect(captured.statusCode).toBe(200);
    // A review needs the order delivered (docs/domain.md#reviews): staff move it on (the history keeps their name).
    const staff = await signUp({ admin: true, firstName: 'Sam', lastName: 'Staff' });
    for (const orderStatus of ['inProcess', 'inShipping', 'delivered']) {
      expect((await send(shop.checkout, 'PUT', `/api/admin/orders/update/${orderId}`, staff.browser, { orderStatus })).statusCode).toBe(200);
    }
    await send(shop.checkout, 'POST', '/api/shop/cart/add', browser, { userId, productId: shop.productId, quantity: 1 });
    expect((await send(shop.account, 'POST', '/api/account/need-help', browser, { subject: 'Delivery', message: 'When will it arrive?' })).statusCode).toBe(201);
    expect((await send(shop.catalog, 'POST', '/api/shop/review/add', browser, { productId: shop.productId, reviewMessage: 'Good stuff.', reviewValue: 4 })).statusCode).toBe(200);

    shop.checkoutDown.value = true;
    const res = await send(shop.account, 'DELETE', '/api/account/profile', browser, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await refusedEverywhereWithin(userId, browser)).toBeLessThan(PROMISE_MS);

    // Account and catalog have done their part; checkout has not been reached and still holds the data.
    expect(await shop.accountStore.collection('tickets').countDocuments({ userId })).toBe(0);
    expect(await shop.accountStore.collection('users').countDocuments({ _id: userId })).toBe(0);
    expect(await shop.catalogStore.collection('reviews').countDocuments({ userId })).toBe(0);
    expect(await shop.catalogStore.collection('reviews').countDocuments({ productId: shop.productId })).toBe(1);
    expect(await shop.checkoutStore.collection('addresses').countDocuments({ userId })).toBe(1);
    expect(await shop.accountStore.collection('erasures').findOne({ _id: userId })).toMatchObject({ pending: ['checkout'] });

    // Still down at the next retry; then checkout is back.
    expect(await shop.controls.retryErasures()).toBe(1);
    shop.checkoutDown.value = false;
    expect(await shop.controls.retryErasures()).toBe(0);

    expect(await shop.checkoutStore.collection('addresses').countDocuments({ userId })).toBe(0);
    expect(await shop.checkoutStore.collection('carts').countDocuments({ _id: userId })).toBe(0);
    const kept = await shop.checkoutStore.collection('orders').findOne({ _id: orderId });
    // the $20 product and standard delivery (free only from the threshold on)
    expect(kept).toMatchObject({ userId, paymentStatus: 'paid', totalCents: 2000 + MARKETS.GB.delivery.standardFeeCents, address: { fullName: 'Former customer', phone: '(erased)' } });
    expect(typeof kept!.anonymisedAt).toBe('number');
    expect(JSON.stringify(kept)).not.toMatch(/Ada Lovelace|Analytical Row|7946/);
    expect(await shop.accountStore.collection('erasures').countDocuments({})).toBe(0);
  });
});

describe('while the account service cannot be reached', () => {
  test('catalog and checkout keep refusing what they already know was revoked', async () => {
    const { userId, browser } = await signUp({ admin: true });
    await send(shop.account, 'POST', '/api/auth/logout', browser.clone());
    expect(await refusedEverywhereWithin(userId, browser)).toBeLessThan(PROMISE_MS);

    const live = await signUp({ admin: true });
    shop.accountDown.value = true;
    try {
      for (const f of shop.followers) expect(await f.refresh()).toBe(false);
      await new Promise((r) => setTimeout(r, 1500)); // a few failed polls at the production interval
      const s = await statuses(userId, browser);
      expect([s.cart, s.adminEdit, s.review]).toEqual([401, 401, 401]);
      // A session nobody revoked goes on working.
      await expectAccepted(live.userId, live.browser);
    } finally {
      shop.accountDown.value = false;
    }
  });
});

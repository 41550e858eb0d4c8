/**
 * One app per test file: the REAL catalog service (prices, stock reservation) and the checkout service in the
 * same Fastify app, the checkout's service clients routed into it with injectFetch. The account service is
 * represented only by its internal safety-profile, notify and users-by-email routes (doubles answering from maps the
 * test controls and recording the mail asked for).
 */
import { buildCatalogService, checkoutPurchaseChecker } from '@pharmacy/catalog-service';
import { CONSULTATION_QUESTIONS, CSRF_HEADER, CSRF_HEADER_VALUE, ageOn, type ConsultationAnswerInput, type HealthChange, type InternalAbsence, type ResponsiblePharmacist, type SafetyProfile, type ProductInput, type StaffRole } from '@pharmacy/contracts';
import { openBlobStore, openStore, type DocumentStore } from '@pharmacy/db';
import { createAccessTokenSigner, createApp, generateTestKeys, injectFetch, type App } from '@pharmacy/service-kit';
import { randomUUID } from 'node:crypto';
import { buildCheckoutService, type CheckoutControls } from '../src/plugin';
import { createAccountClient } from '../src/clients/account';
import { createCatalogClient } from '../src/clients/catalog';
import { createSandboxProvider } from '../src/payments/providers/sandbox';
import type { PaymentProvider } from '../src/payments/port';
import { createSandboxEPrescriptions } from '../src/prescriptions/eprescriptions';
import type { CheckoutDeps } from '../src/deps';

export const ORIGIN = 'http://shop.test';
/** A shopper's profile when the test sets none: born 1 Jan 1990, no allergies or conditions. */
const DEFAULT_DOB = '1990-01-01';
/** Consultation answers about the shopper that agree with that default profile (so nothing is flagged). */
export const CONSULTATION_ANSWERS: ConsultationAnswerInput[] = CONSULTATION_QUESTIONS.map((q) => ({
  questionId: q.id,
  answer: { patient: 'Me', age: String(ageOn(DEFAULT_DOB)), otherMedicines: 'None', conditions: 'None' }[q.id],
}));
// 1x1 transparent PNG: the catalog checks uploads by their magic bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export interface Harness {
  app: App;
  store: DocumentStore;
  catalogStore: DocumentStore;
  controls: CheckoutControls;
  profiles: Map<string, SafetyProfile>;
  /** The users' emails the account double knows (staff's order search by email); deleting one is an erased account. */
  emails: Map<string, string>;
  /**
   * Mail the account service sent for checkout, in order (one per key, as the real route); `mailDown` makes the notify
   * route answer 503, and a user whose id is in `erased` no longer exists (404).
   */
  mails: Array<{ userId: string; subject: string; text: string; html?: string; key: string }>;
  /** The key of every notify call that reached the account service, answered or not (a repeat shows twice). */
  asked: string[];
  mailDown: { on: boolean };
  erased: Set<string>;
  /**
   * Names by id: a member of staff's token carries theirs (what an order change records); the account double's name
   * route answers a shopper's ("First Last", with their email from `emails`); one not here names nobody (404).
   */
  names: Map<string, string>;
  /** The shared secret of /internal/* calls (what the other services present). */
  internalToken: string;
  /** Moves the service's clock (expiry, stats) relative to real time. */
  clock: { offsetMs: number };
  /** Headers of a signed-in user (cookie + CSRF header): a shopper, an administrator (`true`) or staff with these roles. */
  as(userId: string, staff?: boolean | StaffRole[]): Record<string, string>;
  /** Headers of a signed-in member of staff with these roles. */
  asStaff(userId: string, roles: StaffRole[]): Record<string, string>;
  /** The responsible pharmacist the account double says is on duty (a pharmacist by default; null: nobody). */
  /** Who the fake account service says is on duty, and since when they are away (`absent`), if they are. */
  onDuty: { current: ResponsiblePharmacist | null; absent?: InternalAbsence };
  /** The health profile changes the account double knows, per user (answered from `since` on). */
  healthChanges: Map<string, HealthChange[]>;
  addProduct(fields?: Partial<ProductInput>): Promise<string>;
  stockOf(productId: string): Promise<number>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  payments?: (store: DocumentStore) => PaymentProvider;
  sweepIntervalMs?: number;
  orderTtlMs?: number;
  /** Replace the catalog client's fetch (to simulate the catalog being down). */
  wrapCatalogFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
  deps?: Partial<CheckoutDeps>;
  /** Embedded stores on disk in this folder (checkout and catalog), so a second harness on it is a restart. */
  dataDir?: string;
  /** What the checkout service sees of its store (fault injection on its writes); the harness keeps the real one. */
  wrapStore?: (store: DocumentStore) => DocumentStore;
}

const BIG = { max: 100_000, timeWindow: '1 minute' };

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const keys = generateTestKeys();
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  const fetch = injectFetch(app);
  const internalToken = keys.internalToken;

  const onDisk = opts.dataDir ? { dataDir: opts.dataDir } : { inMemory: true };
  const catalogStore = await openStore({ name: 'catalog', ...onDisk });
  const blobs = await openBlobStore({ name: 'catalog', inMemory: true });
  await app.register(
    buildCatalogService({
      store: catalogStore,
      blobs,
      internalToken,
      purchases: checkoutPurchaseChecker({ baseUrl: 'http://checkout.internal', token: internalToken, fetch }),
    }),
  );

  const profiles = new Map<string, SafetyProfile>();
  app.get('/internal/account/users/:id/safety-profile', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalToken) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    const id = (request.params as { id: string }).id;
    return { success: true, data: profiles.get(id) ?? { allergies: [], healthConditions: [], DOB: DEFAULT_DOB } };
  });
  const emails = new Map<string, string>();
  app.get('/internal/account/users/by-email', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalToken) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    const wanted = String((request.query as { email?: string }).email ?? '').toLowerCase();
    return { success: true, data: { userIds: [...emails].filter(([, email]) => email.toLowerCase().includes(wanted)).map(([id]) => id) } };
  });
  const mails: Harness['mails'] = [];
  const asked: string[] = [];
  const mailDown = { on: false };
  const erased = new Set<string>();
  app.post('/internal/account/users/:id/notify', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalToken) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    const body = request.body as { subject: string; text: string; html?: string; key: string };
    asked.push(body.key);
    if (mailDown.on) return reply.status(503).send({ success: false, message: 'down', code: 'UNAVAILABLE' });
    const userId = (request.params as { id: string }).id;
    if (erased.has(userId)) return reply.status(404).send({ success: false, message: 'No user with this ID.', code: 'NOT_FOUND' });
    const sent = !mails.some((m) => m.key === body.key);
    if (sent) mails.push({ userId, ...body });
    return { success: true, data: { sent } };
  });
  const names = new Map<string, string>();
  app.get('/internal/account/users/:id/name', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalToken) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    const id = (request.params as { id: string }).id;
    const [firstName = '', ...rest] = (names.get(id) ?? '').split(' ');
    if (!names.has(id)) return reply.status(404).send({ success: false, message: 'No user with this ID.', code: 'NOT_FOUND' });
    return { success: true, data: { firstName, lastName: rest.join(' '), ...(emails.has(id) ? { email: emails.get(id) } : {}) } };
  });

  const onDuty: Harness['onDuty'] = { current: { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' } };
  app.get('/internal/account/pharmacist-on-duty', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalToken) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    return { success: true, data: { onDuty: onDuty.current, ...(onDuty.absent ? { absent: onDuty.absent } : {}) } };
  });
  const healthChanges = new Map<string, HealthChange[]>();
  app.get('/internal/account/users/:id/health-changes', async (request, reply) => {
    if (request.headers['x-internal-token'] !== internalToken) return reply.status(403).send({ success: false, message: 'no', code: 'FORBIDDEN' });
    const since = String((request.query as { since?: string }).since);
    const changes = (healthChanges.get((request.params as { id: string }).id) ?? []).filter((c) => c.at >= since);
    return { success: true, data: { changes } };
  });

  const store = await openStore({ name: 'checkout', ...onDisk });
  const clock = { offsetMs: 0 };
  let controls: CheckoutControls | undefined;
  const catalog = createCatalogClient({ baseUrl: 'http://catalog.internal', token: internalToken, fetch: opts.wrapCatalogFetch ? opts.wrapCatalogFetch(fetch) : fetch, timeoutMs: 30_000 });
  const now = () => new Date(Date.now() + clock.offsetMs);
  await app.register(
    buildCheckoutService(
      {
        store: opts.wrapStore ? opts.wrapStore(store) : store,
        catalog,
        account: createAccountClient({ baseUrl: 'http://account.internal', token: internalToken, fetch }),
        payments: opts.payments ? opts.payments(store) : createSandboxProvider({ store, publicOrigin: ORIGIN }),
        // The demo prescriber, as where payments are the sandbox's (the shop's default outside production).
        eprescriptions: createSandboxEPrescriptions({ store, catalog, market: 'GB', now }),
        internalToken,
        publicOrigin: ORIGIN,
        now,
        sweepIntervalMs: opts.sweepIntervalMs ?? 0,
        orderTtlMs: opts.orderTtlMs,
        rateLimits: { cart: BIG, address: BIG, orderCreate: BIG, orderCapture: BIG, quote: BIG, prescription: BIG },
        ...opts.deps,
      },
      { onReady: (c) => (controls = c) },
    ),
  );
  await app.ready();

  const sign = createAccessTokenSigner(keys.privateKey);
  const as = (userId: string, staff: boolean | StaffRole[] = false) => {
    const roles: StaffRole[] = staff === true ? ['admin'] : staff || [];
    const claims = roles.length ? { admin: true, roles, ...(names.has(userId) ? { staffName: names.get(userId) } : {}) } : { admin: false };
    return { cookie: `pharmacy_at=${sign({ sub: userId, sid: `s-${userId}`, ...claims })}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  };
  const asStaff = (userId: string, roles: StaffRole[]) => as(userId, roles);
  const adminHeaders = as('admin-1', true);
  const image = (await blobs.put(PNG, { contentType: 'image/png' })).id;

  return {
    app,
    store,
    catalogStore,
    controls: controls!,
    profiles,
    emails,
    onDuty,
    healthChanges,
    asStaff,
    mails,
    asked,
    mailDown,
    erased,
    names,
    internalToken,
    clock,
    as,
    async addProduct(fields = {}) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/products/add',
        headers: adminHeaders,
        payload: {
          title: `Product ${randomUUID().slice(0, 6)}`, description: 'A test product.', category: 'pain-relief', brand: 'Acme',
          price: 10, totalStock: 100, image, ...fields,
        },
      });
      if (res.statusCode !== 200) throw new Error(`addProduct failed: ${res.body}`);
      return res.json().data._id as string;
    },
    async stockOf(productId) {
      const res = await app.inject({ method: 'GET', url: `/api/shop/products/get/${productId}` });
      return res.json().data.totalStock as number;
    },
    async close() {
      await app.close();
      await store.close();
      await catalogStore.close();
      await blobs.close();
    },
  };
}

/** A delivery address in the default market (GB), inside its delivery area. */
export const UK_ADDRESS = { fullName: 'Ada Lovelace', line1: '1 Main Street', city: 'London', postalCode: 'N1 9GU', phone: '+44 20 7946 0000' };

/** Puts items in a user's server cart and adds an address (UK_ADDRESS unless given); returns the address id. */
export async function prepareShopper(h: Harness, userId: string, items: Array<{ productId: string; quantity: number }>, address: object = UK_ADDRESS): Promise<string> {
  for (const item of items) {
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(userId), payload: { userId, ...item } });
    if (res.statusCode !== 200) throw new Error(`cart add failed: ${res.body}`);
  }
  const res = await h.app.inject({
    method: 'POST', url: '/api/shop/address/add', headers: h.as(userId),
    payload: address,
  });
  if (res.statusCode !== 200) throw new Error(`address add failed: ${res.body}`);
  return res.json().data._id as string;
}

/**
 * Follows the sandbox approval page's Approve link and the shop's return route like a browser; returns what the
 * return page is given.
 */
export async function approveSandbox(h: Harness, approvalURL: string): Promise<{ paymentId: string; payerId: string }> {
  const path = new URL(approvalURL).pathname;
  const res = await h.app.inject({ method: 'GET', url: `${path}/confirm` });
  if (res.statusCode !== 302) throw new Error(`approve failed: ${res.statusCode} ${res.body}`);
  const page = await followProviderReturn(h, String(res.headers.location));
  return { paymentId: page.searchParams.get('paymentId')!, payerId: page.searchParams.get('payerId')! };
}

/** Opens a provider's return (or cancel) URL on the shop; returns the page it redirects to. */
export async function followProviderReturn(h: Harness, url: string): Promise<URL> {
  const back = new URL(url);
  const res = await h.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  if (res.statusCode !== 303) throw new Error(`return failed: ${res.statusCode} ${res.body}`);
  return new URL(String(res.headers.location), back.origin);
}

/** Fills the cart and address (prepareShopper) and creates the order, `extra` added to the create call's body. */
export async function placeOrder(
  h: Harness,
  userId: string,
  items: Array<{ productId: string; quantity: number }>,
  extra: object = {},
): Promise<{ orderId: string; approvalURL: string }> {
  const addressId = await prepareShopper(h, userId, items);
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...extra } });
  if (res.statusCode !== 200) throw new Error(`order create failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Approves the order's payment on the sandbox page and captures it, as the return page does; returns the answer. */
export async function payOrder(h: Harness, userId: string, order: { orderId: string; approvalURL: string }) {
  const { paymentId, payerId } = await approveSandbox(h, order.approvalURL);
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(userId), payload: { paymentId, payerId, orderId: order.orderId } });
  if (res.statusCode !== 200) throw new Error(`capture failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

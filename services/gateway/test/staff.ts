// What the staff tests share (staff-matrix.test.ts, audit-coverage.test.ts): the embedded gateway with every
// service and the remote registry, its audit trail in memory, the staff routes it registers, tokens for each kind
// of caller, and a shopper's order held for the pharmacist.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ACCESS_COOKIE,
  CONSULTATION_QUESTIONS,
  DEMO_ADMIN,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  STAFF_ROUTE_PERMISSIONS,
  type ConsultationQuestionId,
  type Permission,
  type StaffRole,
} from '@pharmacy/contracts';
import { createAccessTokenSigner, ensureKeys, loadConfig, loadKeys, memoryAuditSink, type App } from '@pharmacy/service-kit';
import { buildGateway } from '../src';
import { fakeBuild, passHealthGate, tmp } from './remotes';

/** Everyone the matrix asks: each staff role alone, staff with no role, a shopper and a visitor who is signed out. */
export type Caller = StaffRole | 'no role' | 'shopper' | 'signed out';
export const CALLERS: Caller[] = [...STAFF_ROLES, 'no role', 'shopper', 'signed out'];

export interface StaffRoute {
  method: string;
  path: string;
  /** `METHOD path`, as STAFF_ROUTE_PERMISSIONS and the example bodies are keyed. */
  key: string;
  /** What the route table says it needs (undefined: the route is missing from the table). */
  permission: Permission | undefined;
}

export interface StaffShop {
  app: App;
  audit: ReturnType<typeof memoryAuditSink>;
  /** Every staff route the gateway registers: under /api/admin, a write under /api/common, or named in the table. */
  staffRoutes: StaffRoute[];
  /** Cookie and CSRF headers of a caller (each member of staff holds one role and is named "Sam <Role label>"). */
  headers(caller: Caller): Record<string, string>;
  /** The user id of the member of staff holding `role`. */
  staffId(role: StaffRole): string;
  close(): Promise<void>;
}

export const staffName = (role: StaffRole) => `Sam ${STAFF_ROLE_LABELS[role]}`;

/**
 * The routes a Fastify app registers, read from its route tree (a route under another's path is printed as the
 * rest of its path, one level deeper). Walking what is registered, not a list, is what makes a new staff route show
 * up in the matrix and the audit coverage.
 */
export function registeredRoutes(app: App): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1].length / 4);
    paths[depth] = `${depth > 0 ? (paths[depth - 1] ?? '') : ''}${match[2]}`;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') found.push({ method, path: paths[depth] });
  }
  return found;
}

const isStaff = ({ method, path }: { method: string; path: string }) =>
  path.startsWith('/api/admin/') || path === '/api/admin' || (path.startsWith('/api/common/') && method !== 'GET') || `${method} ${path}` in STAFF_ROUTE_PERMISSIONS;

/** The embedded gateway on a fake build (demo data off), recording its services' staff decisions in memory. */
export async function openStaffShop(): Promise<StaffShop> {
  const dataDir = tmp('gw-staff-');
  // every caller and shopper signs up and in from the one test address
  const limits = { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000', RATE_LIMIT_ORDER_CREATE: '1000', RATE_LIMIT_CART: '1000' };
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CATALOG_SEED: 'false', ...limits }), logLevel: 'silent' };
  const audit = memoryAuditSink();
  const app = await buildGateway({ mode: 'embedded', config, static: { root: fakeBuild(), remoteUrls: config.gateway.remoteUrls }, audit, healthGate: passHealthGate });
  await app.ready();
  ensureKeys(dataDir);
  const sign = createAccessTokenSigner(loadKeys({ dataDir, withPrivate: true, given: {} }).privateKey as string);
  // Each caller is a user with a live session (the account service checks it), whose token the test signs with the
  // caller's roles and name: the services decide by the token's claims, which is what the matrix is about.
  const tokens = new Map<Caller, string>();
  const staffIds = new Map<StaffRole, string>();
  // The account service decides by the stored record, the others by the token: the demo admin grants each member of
  // staff their role through the API, so both agree.
  const admin = await signIn(app, DEMO_ADMIN);
  for (const caller of CALLERS.filter((c) => c !== 'signed out')) {
    const role = caller as StaffRole;
    const staff = caller !== 'shopper' && caller !== 'no role';
    const session = await signUp(app, caller === 'shopper' ? 'Rosa' : 'Sam', staff ? STAFF_ROLE_LABELS[role] : 'Buyer');
    if (staff) {
      // the pharmacist has a GPhC number, so they can be the responsible pharmacist whom clinical decisions need
      const payload = role === 'pharmacist' ? { roles: [role], registrationNumber: PHARMACIST_GPHC } : { roles: [role] };
      const granted = await app.inject({ method: 'PUT', url: `/api/admin/users/roles/${session.sub}`, headers: admin, payload });
      if (granted.statusCode !== 200) throw new Error(`granting ${role} failed: ${granted.body}`);
    }
    const claims =
      caller === 'shopper' ? { admin: false, userName: 'Rosa' }
      : caller === 'no role' ? { admin: true, roles: [], staffName: 'Sam Nobody' }
      : { admin: true, roles: [role], staffName: staffName(role) };
    tokens.set(caller, sign({ sub: session.sub, sid: session.sid, ...claims }));
    if (caller !== 'shopper' && caller !== 'no role') staffIds.set(role, session.sub);
  }
  const staffRoutes = registeredRoutes(app)
    .filter(isStaff)
    .map((r) => ({ ...r, key: `${r.method} ${r.path}`, permission: STAFF_ROUTE_PERMISSIONS[`${r.method} ${r.path}`] }));
  return {
    app,
    audit,
    staffRoutes,
    headers: (caller) => ({ ...(tokens.has(caller) ? { cookie: `${ACCESS_COOKIE}=${tokens.get(caller)}` } : {}), [CSRF_HEADER]: CSRF_HEADER_VALUE }),
    staffId: (role) => staffIds.get(role) as string,
    close: () => app.close(),
  };
}

/** A new user signed up and signed in through the gateway: their id and session id (read from their access token). */
async function signUp(app: App, firstName: string, lastName = 'Buyer'): Promise<{ sub: string; sid: string; cookie: string }> {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Sturdy-pass-42';
  const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName, lastName, email, password } });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  return signInAs(app, email, password);
}

/** The headers of a browser signed in as `creds` (cookies and the CSRF header). */
async function signIn(app: App, creds: { email: string; password: string }): Promise<Record<string, string>> {
  const { cookie } = await signInAs(app, creds.email, creds.password);
  return { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE };
}

async function signInAs(app: App, email: string, password: string): Promise<{ sub: string; sid: string; cookie: string }> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = ([] as string[]).concat((login.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]).join('; ');
  const access = new RegExp(`${ACCESS_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '';
  const { sub, sid } = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()) as { sub: string; sid: string };
  return { sub, sid, cookie };
}

/** The GPhC registration number of the test's pharmacist. */
export const PHARMACIST_GPHC = '2000001';

/** The test's pharmacist is the responsible pharmacist (a clinical decision needs one on duty); on duty already is fine. */
export async function pharmacistOnDuty(shop: StaffShop): Promise<void> {
  const res = await shop.app.inject({ method: 'POST', url: '/api/admin/pharmacist/sign-in', headers: shop.headers('pharmacist') });
  if (res.statusCode !== 200 && res.statusCode !== 409) throw new Error(`signing in as responsible pharmacist failed: ${res.body}`);
}

/** A path with its parameters filled in (`:id` → values.id). */
export const fill = (path: string, values: Record<string, string>) => path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? randomUUID());

// 1x1 PNG: the catalog checks uploads by their magic bytes.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A multipart/form-data body holding one image, as the admin's uploader sends it. */
export function imageUpload(filename = 'vitamin-c.png'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----staff${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Staff (an administrator) upload an image and add a product showing it; returns the product's id and title. */
export async function addProduct(shop: StaffShop, fields: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
  const admin = shop.headers('admin');
  const upload = imageUpload();
  const image = await shop.app.inject({ method: 'POST', url: '/api/admin/products/upload-image', headers: { ...admin, ...upload.headers }, payload: upload.payload });
  if (image.statusCode !== 200) throw new Error(`upload failed: ${image.body}`);
  const title = `Ibuprofen 200mg ${randomUUID().slice(0, 4)}`;
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/products/add',
    headers: admin,
    payload: { title, description: 'Pain relief.', category: 'pain-relief', brand: 'Acme', price: 4.5, totalStock: 50, image: image.json().data.id, ...fields },
  });
  if (res.statusCode !== 200) throw new Error(`add product failed: ${res.body}`);
  return { id: res.json().data._id as string, title };
}

/** A shopper as the helpers below act for them: their id, full name and the headers their browser sends. */
export interface Shopper {
  id: string;
  name: string;
  headers: Record<string, string>;
}

/** A shopper signed up through the gateway (named "Rosa <lastName>"), with a health profile. */
export async function signUpShopper(
  shop: StaffShop,
  profile: { allergies?: string[]; healthConditions?: string[]; DOB?: string } = {},
  lastName = 'Buyer',
): Promise<Shopper> {
  const session = await signUp(shop.app, 'Rosa', lastName);
  const headers = { cookie: session.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const updated = await shop.app.inject({ method: 'PUT', url: '/api/account/profile', headers, payload: { DOB: '1990-01-01', ...profile } });
  if (updated.statusCode !== 200) throw new Error(`profile failed: ${updated.body}`);
  return { id: session.sub, name: `Rosa ${lastName}`, headers };
}

/**
 * Who places an order (a new shopper unless given), what else the product is (its ingredients…), the consultation
 * answers they give for a pharmacy medicine, and whether they read the safety warnings and order anyway.
 */
export interface OrderOptions {
  pharmacyOnly?: boolean;
  shopper?: Shopper;
  product?: Record<string, unknown>;
  answers?: Partial<Record<ConsultationQuestionId, string>>;
  acknowledgeSafetyWarnings?: boolean;
}

/**
 * A shopper's order of a pharmacy medicine, paid (recorded by support as taken outside the provider) and so held
 * for the pharmacist: its id and the shopper's name.
 */
export async function heldOrder(shop: StaffShop, opts: Omit<OrderOptions, 'pharmacyOnly'> = {}): Promise<{ orderId: string; shopper: string; productId: string }> {
  const order = await placedOrder(shop, { ...opts, pharmacyOnly: true });
  const paid = await shop.app.inject({ method: 'PUT', url: `/api/admin/orders/payment/${order.orderId}`, headers: shop.headers('support'), payload: { paymentStatus: 'paid' } });
  if (paid.statusCode !== 200 || paid.json().data.review.status !== 'awaiting') throw new Error(`paying the order failed: ${paid.body}`);
  await pharmacistOnDuty(shop);
  return order;
}

/** A shopper's order of a product, placed and not yet paid: its id, the shopper's name and the product's id. */
export async function placedOrder(shop: StaffShop, opts: OrderOptions = {}): Promise<{ orderId: string; shopper: string; productId: string }> {
  const product = await addProduct(shop, { ...opts.product, ...(opts.pharmacyOnly ? { pharmacyOnly: true } : {}) });
  const shopper = opts.shopper ?? (await signUpShopper(shop));
  const cart = await shop.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: shopper.headers, payload: { productId: product.id, quantity: 1 } });
  if (cart.statusCode !== 200) throw new Error(`cart add failed: ${cart.body}`);
  const address = await shop.app.inject({
    method: 'POST',
    url: '/api/shop/address/add',
    headers: shopper.headers,
    payload: { fullName: shopper.name, line1: '1 Main Street', city: 'London', postalCode: 'N1 9GU', phone: '+44 20 7946 0000' },
  });
  if (address.statusCode !== 200) throw new Error(`address add failed: ${address.body}`);
  const answers: Record<string, string> = { patient: 'Me', age: '36', otherMedicines: 'None', conditions: 'None', ...opts.answers };
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    headers: shopper.headers,
    payload: {
      addressId: address.json().data._id,
      ...(opts.acknowledgeSafetyWarnings ? { acknowledgeSafetyWarnings: true } : {}),
      ...(opts.pharmacyOnly ? { consultation: CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, answer: answers[q.id] ?? 'None' })) } : {}),
    },
  });
  if (created.statusCode !== 200) throw new Error(`order failed: ${created.body}`);
  return { orderId: created.json().data.orderId as string, shopper: shopper.name, productId: product.id };
}

/**
 * A shopper's photo of a paper prescription for a prescription-only product (a new shopper's unless given; a PNG
 * unless another file is), waiting for the pharmacist (who is on duty): its id, and the product's id and title.
 */
export async function awaitingPrescription(
  shop: StaffShop,
  opts: { shopper?: Shopper; file?: { name: string; contentType: string; bytes: Buffer } } = {},
): Promise<{ id: string; productId: string; title: string }> {
  const product = await addProduct(shop, { requiresPrescription: true });
  const shopper = opts.shopper ?? (await signUpShopper(shop));
  const file = opts.file ?? { name: 'prescription.png', contentType: 'image/png', bytes: PNG };
  const boundary = `----rx${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="productId"\r\n\r\n${product.id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await shop.app.inject({
    method: 'POST', url: '/api/shop/prescriptions', headers: { ...shopper.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload,
  });
  if (res.statusCode !== 200) throw new Error(`prescription upload failed: ${res.body}`);
  await pharmacistOnDuty(shop);
  return { id: res.json().data._id as string, productId: product.id, title: product.title };
}

/** What staff read for a prescription: whose it is and when it came. */
const PRESCRIPTION_NAME = /^Prescription of Rosa Buyer added \d{4}-\d{2}-\d{2}$/;
/** Yesterday (UTC): a prescription written then is well inside its 6 months whatever the shop's time zone. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A new image uploaded by an administrator: its id. */
async function uploaded(shop: StaffShop): Promise<string> {
  const upload = imageUpload();
  const res = await shop.app.inject({ method: 'POST', url: '/api/admin/products/upload-image', headers: { ...shop.headers('admin'), ...upload.headers }, payload: upload.payload });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.id as string;
}

/** One staff write made for real: the path's values, the body, and the entity the audit entry must name. */
export interface PreparedWrite {
  params: Record<string, string>;
  body?: unknown;
  /** Multipart bodies carry their own content type. */
  headers?: Record<string, string>;
  /** The entity's id and name, when known before the call (otherwise the answer's `data._id` or `data.id`). */
  entity?: { id: string; name: string | RegExp };
  /** The before and after the entry must hold (asymmetric matchers welcome); without it, either must be there. */
  change?: { before?: unknown; after?: unknown };
}

export interface WriteExample {
  /** The action its audit entry records (docs/api.md#audited-staff-actions). */
  action: string;
  entityType: string;
  /** A body its validation accepts, sent by the matrix with made-up ids (a guard must refuse before a 400 or 404). */
  body?: unknown;
  /** Sets up what the write acts on (as an administrator) and returns how to call it. */
  prepare(shop: StaffShop): Promise<PreparedWrite>;
}

/** What staff read for an order: its short number and the shopper's name. */
const ORDER_NAME = /^Order #[0-9A-F]{8} for Rosa Buyer$/;

/** A staff move of a shopper's placed, unpaid order with `body`, and the statuses it leaves the order in. */
function unpaidOrderMove(action: string, body: object, after: object): WriteExample {
  return {
    action,
    entityType: 'order',
    body,
    prepare: async (shop) => {
      const { orderId } = await placedOrder(shop);
      return { params: { id: orderId }, body, entity: { id: orderId, name: ORDER_NAME }, change: { before: { orderStatus: 'pending', paymentStatus: 'pending' }, after } };
    },
  };
}

/**
 * A valid call of every staff write route, by `METHOD path`. A staff write route that is registered and missing
 * here fails the audit coverage test: a new one cannot ship without showing what it records.
 */
export const STAFF_WRITE_EXAMPLES: Record<string, WriteExample> = {
  'POST /api/admin/products/add': {
    action: 'product.add',
    entityType: 'product',
    body: { title: 'Vitamin C 500mg', description: 'A daily supplement.', category: 'pain-relief', brand: 'Acme', price: 4.5, totalStock: 5, image: randomUUID() },
    prepare: async (shop) => ({
      params: {},
      body: { title: 'Ibuprofen 200mg caplets', description: 'Pain relief.', category: 'pain-relief', brand: 'Acme', price: 4.5, totalStock: 5, image: await uploaded(shop) },
    }),
  },
  'PUT /api/admin/products/edit/:id': {
    action: 'product.edit',
    entityType: 'product',
    body: { version: 1, price: 5.25 },
    prepare: async (shop) => {
      const product = await addProduct(shop);
      return {
        params: { id: product.id },
        body: { version: 1, price: 5.25, title: product.title },
        entity: { id: product.id, name: product.title },
        change: { before: { price: 4.5 }, after: { price: 5.25 } },
      };
    },
  },
  'DELETE /api/admin/products/delete/:id': {
    action: 'product.delete',
    entityType: 'product',
    prepare: async (shop) => {
      const product = await addProduct(shop);
      return {
        params: { id: product.id },
        entity: { id: product.id, name: product.title },
        change: { before: expect.objectContaining({ _id: product.id, title: product.title, price: 4.5, totalStock: 50 }) },
      };
    },
  },
  'POST /api/admin/products/:id/stock': {
    action: 'stock.adjust',
    entityType: 'product',
    body: { delta: 5, reason: 'received' },
    prepare: async (shop) => {
      const product = await addProduct(shop);
      return {
        params: { id: product.id },
        body: { delta: 12, reason: 'received', note: 'Delivery 4411' },
        entity: { id: product.id, name: product.title },
        change: { before: { available: 50 }, after: { available: 62, reason: 'received', note: 'Delivery 4411', lot: 'Opening stock' } },
      };
    },
  },
  'POST /api/admin/products/:id/batches': {
    action: 'stock.receive',
    entityType: 'product',
    body: { lot: 'PCM-26-001', expiresOn: '2030-06-30', quantity: 5 },
    prepare: async (shop) => {
      const product = await addProduct(shop);
      return {
        params: { id: product.id },
        body: { lot: 'PCM-26-114', expiresOn: '2030-06-30', quantity: 24, note: 'Delivery 4412' },
        entity: { id: product.id, name: product.title },
        change: { before: { available: 50 }, after: { available: 74, lot: 'PCM-26-114', expiresOn: '2030-06-30', quantity: 24, note: 'Delivery 4412' } },
      };
    },
  },
  'POST /api/admin/products/upload-image': {
    action: 'image.upload',
    entityType: 'image',
    prepare: async () => {
      const upload = imageUpload('ibuprofen-front.png');
      return { params: {}, body: upload.payload, headers: upload.headers, change: { after: expect.objectContaining({ name: 'ibuprofen-front.png', contentType: 'image/png' }) } };
    },
  },
  'POST /api/common/feature/add': {
    action: 'banner.add',
    entityType: 'banner',
    body: { image: randomUUID() },
    prepare: async (shop) => ({ params: {}, body: { image: await uploaded(shop) } }),
  },
  'DELETE /api/common/feature/delete/:id': {
    action: 'banner.delete',
    entityType: 'banner',
    prepare: async (shop) => {
      const res = await shop.app.inject({ method: 'POST', url: '/api/common/feature/add', headers: shop.headers('admin'), payload: { image: await uploaded(shop) } });
      if (res.statusCode !== 200) throw new Error(`banner add failed: ${res.body}`);
      return { params: { id: res.json().data._id }, entity: { id: res.json().data._id, name: 'Banner vitamin-c.png' } };
    },
  },
  // rejecting an unpaid order fails its payment with it: both moves are the change
  'PUT /api/admin/orders/update/:id': unpaidOrderMove('order.status', { orderStatus: 'rejected' }, { orderStatus: 'rejected', paymentStatus: 'failed' }),
  'PUT /api/admin/orders/payment/:id': unpaidOrderMove('order.payment', { paymentStatus: 'paid' }, { orderStatus: 'confirmed', paymentStatus: 'paid' }),
  'POST /api/admin/orders/review/:id': {
    action: 'order.review.approve',
    entityType: 'order',
    body: { decision: 'approve' },
    prepare: async (shop) => {
      const { orderId } = await heldOrder(shop);
      return {
        params: { id: orderId },
        body: { decision: 'approve', note: 'Checked with the shopper by phone.' },
        entity: { id: orderId, name: ORDER_NAME },
        change: {
          before: { review: 'awaiting', orderStatus: 'confirmed', paymentStatus: 'paid' },
          after: { review: 'approved', orderStatus: 'inProcess', paymentStatus: 'paid', note: 'Checked with the shopper by phone.' },
        },
      };
    },
  },
  'POST /api/admin/prescriptions/:id/verify': {
    action: 'prescription.verify',
    entityType: 'prescription',
    body: { items: [{ productId: randomUUID(), quantity: 28, directions: 'One a day', repeatsAllowed: 1 }], prescriber: { name: 'Dr Ruth Okafor' }, writtenOn: '2026-11-20', warningsAcknowledged: false },
    prepare: async (shop) => {
      const rx = await awaitingPrescription(shop);
      const writtenOn = yesterday();
      return {
        params: { id: rx.id },
        body: { items: [{ productId: rx.productId, quantity: 28, directions: 'One a day', repeatsAllowed: 1 }], prescriber: { name: 'Dr Ruth Okafor' }, writtenOn, warningsAcknowledged: false },
        entity: { id: rx.id, name: PRESCRIPTION_NAME },
        change: {
          before: { status: 'awaiting_check' },
          after: expect.objectContaining({ status: 'verified', items: [`28 × ${rx.title}: One a day (repeats 1)`], prescriber: 'Dr Ruth Okafor', writtenOn }),
        },
      };
    },
  },
  'POST /api/admin/prescriptions/:id/reject': {
    action: 'prescription.reject',
    entityType: 'prescription',
    body: { reason: 'The photo is too blurred to read.' },
    prepare: async (shop) => {
      const rx = await awaitingPrescription(shop);
      return {
        params: { id: rx.id },
        body: { reason: 'The photo is too blurred to read.' },
        entity: { id: rx.id, name: PRESCRIPTION_NAME },
        change: { before: { status: 'awaiting_check' }, after: expect.objectContaining({ status: 'rejected', reason: 'The photo is too blurred to read.' }) },
      };
    },
  },
  'POST /api/admin/supply-limits/overrides': {
    action: 'supply-limit.override',
    entityType: 'user',
    body: { userId: 'someone', ruleId: 'gb-painkiller-packs', reason: 'Supplying a care home.' },
    prepare: async (shop) => {
      const shopper = await signUpShopper(shop);
      await pharmacistOnDuty(shop);
      const body = { userId: shopper.id, ruleId: 'gb-painkiller-packs', reason: 'Supplying a care home.' };
      const after = { ruleId: 'gb-painkiller-packs', reason: 'Supplying a care home.', status: 'open', responsiblePharmacist: staffName('pharmacist') };
      return { params: {}, body, entity: { id: shopper.id, name: shopper.name }, change: { before: undefined, after } };
    },
  },
  'DELETE /api/admin/supply-limits/overrides/:id': {
    action: 'supply-limit.revoke',
    entityType: 'user',
    prepare: async (shop) => {
      const shopper = await signUpShopper(shop);
      await pharmacistOnDuty(shop);
      const granted = await shop.app.inject({
        method: 'POST', url: '/api/admin/supply-limits/overrides', headers: shop.headers('admin'),
        payload: { userId: shopper.id, ruleId: 'gb-painkiller-packs', reason: 'Granted in error.' },
      });
      if (granted.statusCode !== 200) throw new Error(`grant failed: ${granted.body}`);
      return {
        params: { id: granted.json().data._id },
        entity: { id: shopper.id, name: shopper.name },
        change: { before: { ruleId: 'gb-painkiller-packs', status: 'open' }, after: { ruleId: 'gb-painkiller-packs', status: 'revoked' } },
      };
    },
  },
  'POST /api/admin/recalls': {
    action: 'recall.record',
    entityType: 'recall',
    body: { batchIds: ['batch-1'], recallClass: 2, reason: 'Wrong strength printed on the pack.', action: 'Stop taking it and bring it back.' },
    prepare: async (shop) => {
      // A product's batches are in its stock answer (the catalog's batches, issue 23).
      const product = await addProduct(shop);
      const stock = await shop.app.inject({ method: 'GET', url: `/api/admin/products/${product.id}/stock`, headers: shop.headers('admin') });
      const batchId = (stock.json().data.batches as Array<{ id: string }> | undefined)?.[0]?.id ?? 'no-batch-in-the-stock-answer';
      const body = { batchIds: [batchId], recallClass: 2, reason: 'Wrong strength printed on the pack.', action: 'Stop taking it and bring it back.' };
      return { params: {}, body, change: { after: expect.objectContaining({ recallClass: 2, batchIds: [batchId] }) } };
    },
  },
  'PUT /api/admin/users/roles/:id': {
    action: 'staff.roles',
    entityType: 'user',
    body: { roles: ['support'] },
    prepare: async (shop) => {
      const shopper = await signUpShopper(shop);
      return { params: { id: shopper.id }, body: { roles: ['support'] }, entity: { id: shopper.id, name: shopper.name }, change: { before: { roles: [] }, after: { roles: ['support'] } } };
    },
  },
  'POST /api/admin/pharmacist/sign-in': {
    action: 'responsiblePharmacist.signIn',
    entityType: 'responsiblePharmacist',
    prepare: async (shop) => {
      // whoever is on duty signs out first: one responsible pharmacist at a time
      await shop.app.inject({ method: 'POST', url: '/api/admin/pharmacist/sign-out', headers: shop.headers('pharmacist') });
      return { params: {}, change: { before: null, after: expect.objectContaining({ name: staffName('pharmacist'), registrationNumber: PHARMACIST_GPHC, to: null }) } };
    },
  },
  'POST /api/admin/pharmacist/sign-out': {
    action: 'responsiblePharmacist.signOut',
    entityType: 'responsiblePharmacist',
    prepare: async (shop) => {
      await pharmacistOnDuty(shop);
      return { params: {}, change: { before: expect.objectContaining({ to: null }), after: expect.objectContaining({ to: expect.any(String) }) } };
    },
  },
  'POST /api/admin/pharmacist/step-out': {
    action: 'responsiblePharmacist.absent',
    entityType: 'responsiblePharmacist',
    body: { note: 'On my mobile' },
    prepare: async (shop) => {
      await pharmacistOnDuty(shop);
      // back first, should an earlier call have left them away (409 when they are not)
      await shop.app.inject({ method: 'POST', url: '/api/admin/pharmacist/back', headers: shop.headers('pharmacist') });
      const away = expect.arrayContaining([expect.objectContaining({ to: null, note: 'On my mobile' })]);
      return { params: {}, body: { note: 'On my mobile' }, change: { before: expect.objectContaining({ to: null }), after: expect.objectContaining({ absences: away }) } };
    },
  },
  'POST /api/admin/pharmacist/back': {
    action: 'responsiblePharmacist.returned',
    entityType: 'responsiblePharmacist',
    prepare: async (shop) => {
      await pharmacistOnDuty(shop);
      await shop.app.inject({ method: 'POST', url: '/api/admin/pharmacist/step-out', headers: shop.headers('pharmacist'), payload: {} });
      const away = expect.arrayContaining([expect.objectContaining({ to: null })]);
      return { params: {}, change: { before: expect.objectContaining({ absences: away }), after: expect.objectContaining({ absences: expect.not.arrayContaining([expect.objectContaining({ to: null })]) }) } };
    },
  },
  'PUT /api/admin/remotes/:name': {
    action: 'remote.deploy',
    entityType: 'remote',
    body: { manifestUrl: '/mfe/catalog/mf-manifest.json' },
    prepare: async () => ({ params: { name: 'catalog' }, body: { manifestUrl: '/mfe/catalog/mf-manifest.json' }, entity: { id: 'catalog', name: 'catalog' } }),
  },
  'POST /api/admin/remotes/:name/rollback': {
    action: 'remote.rollback',
    entityType: 'remote',
    prepare: async (shop) => {
      const res = await shop.app.inject({ method: 'PUT', url: '/api/admin/remotes/account', headers: shop.headers('admin'), payload: { manifestUrl: '/mfe/account/mf-manifest.json' } });
      if (res.statusCode !== 200) throw new Error(`deploy failed: ${res.body}`);
      return { params: { name: 'account' }, entity: { id: 'account', name: 'account' } };
    },
  },
  'POST /api/admin/remotes/:name/canary': {
    action: 'remote.canary',
    entityType: 'remote',
    body: { manifestUrl: '/mfe/cart-checkout/mf-manifest.json', percent: 10 },
    prepare: async (shop) => {
      await shop.app.inject({ method: 'POST', url: '/api/admin/remotes/cartCheckout/abort', headers: shop.headers('admin'), payload: {} });
      const body = { manifestUrl: '/mfe/cart-checkout/mf-manifest.json', percent: 10 };
      return { params: { name: 'cartCheckout' }, body, entity: { id: 'cartCheckout', name: 'cartCheckout' } };
    },
  },
  'POST /api/admin/remotes/:name/promote': {
    action: 'remote.promote',
    entityType: 'remote',
    prepare: async (shop) => {
      const res = await shop.app.inject({ method: 'POST', url: '/api/admin/remotes/admin/canary', headers: shop.headers('admin'), payload: { manifestUrl: '/mfe/admin/mf-manifest.json', percent: 50 } });
      if (res.statusCode !== 200) throw new Error(`canary failed: ${res.body}`);
      return { params: { name: 'admin' }, entity: { id: 'admin', name: 'admin' } };
    },
  },
  'POST /api/admin/remotes/:name/abort': {
    action: 'remote.abort',
    entityType: 'remote',
    body: { note: 'checking the basket first' },
    prepare: async (shop) => {
      const res = await shop.app.inject({ method: 'POST', url: '/api/admin/remotes/account/canary', headers: shop.headers('admin'), payload: { manifestUrl: '/mfe/account/mf-manifest.json', percent: 5 } });
      if (res.statusCode !== 200) throw new Error(`canary failed: ${res.body}`);
      return { params: { name: 'account' }, body: { note: 'checking the basket first' }, entity: { id: 'account', name: 'account' } };
    },
  },
};

/** The values a matrix call puts in a path: made-up ids, and a remote that exists (its name is validated first). */
export const MADE_UP = { id: '00000000-0000-4000-8000-000000000000', name: 'catalog' };

/** The rows of a table under `### <heading>` in docs/api.md, each as its cells (backticks dropped). */
export function apiDocTable(heading: string): string[][] {
  const doc = fs.readFileSync(path.join(__dirname, '../../../docs/api.md'), 'utf8');
  const section = doc.split(`### ${heading}\n`)[1]?.split(/\n#{2,3} /)[0] ?? '';
  return section
    .split('\n')
    // the rows that name a route (a section may hold other tables, e.g. the permissions in words)
    .filter((line) => /^\| `[A-Z]+ \//.test(line))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/`/g, '')));
}

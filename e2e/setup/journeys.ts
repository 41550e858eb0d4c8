import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_SHOPPER } from './browser';

/** Steps several journeys share, written the way a shopper does them. */
export async function signIn(page: Page, creds: { email: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(creds.email);
  await form.getByLabel('Password').fill(creds.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

/**
 * The demo pharmacist, signed in on `page`, is the responsible pharmacist (clinical decisions wait for one): from the
 * Dashboard's panel, or already so from an earlier journey of the same shop.
 */
export async function onDutyAsResponsiblePharmacist(page: Page): Promise<void> {
  await page.goto('/admin/dashboard');
  const panel = page.getByRole('region', { name: 'Responsible pharmacist' });
  const signInButton = panel.getByRole('button', { name: 'Sign in as responsible pharmacist' });
  const onDuty = panel.getByText(/You are the responsible pharmacist since/);
  await signInButton.or(onDuty).first().waitFor();
  if (await signInButton.isVisible()) await signInButton.click();
  await onDuty.waitFor();
}

type NewShopper = { firstName: string; lastName: string; email: string; password: string };

export async function signUp(page: Page, user: NewShopper): Promise<void> {
  await page.goto('/signup');
  await createAccount(page, user);
  await page.waitForURL('**/sign-in');
}

/** Fills the sign-up form on the page and creates the account (registration does not sign in). */
export async function createAccount(page: Page, user: NewShopper): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByLabel('Confirm password').fill(user.password);
  await form.getByRole('button', { name: /create/i }).click();
}

/**
 * Signs in on the page sign-up leads to, as a new shopper clicking through does: the email is carried over, and
 * that first sign-in offers the optional health profile step (still on /sign-in) before going on.
 */
export async function signInAfterSignUp(page: Page, user: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').waitFor();
  expect(await form.getByLabel('Email').inputValue()).toBe(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Your health profile' }).waitFor();
}

/**
 * Opens the account menu and waits until it is open. Right after signing in, the page can still be settling (the
 * landing page finishing its navigation closes the menu, as any change of page does), so a click that did not leave
 * the menu open is made again, as a shopper would.
 */
export async function openAccountMenu(page: Page, firstName: string): Promise<void> {
  const trigger = page.getByRole('button', { name: new RegExp(firstName) });
  for (let attempt = 0; ; attempt++) {
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    const opened = await page
      .getByRole('list', { name: 'Account' })
      .waitFor({ timeout: 2_000 })
      .then(() => true, () => false);
    if (opened && (await trigger.getAttribute('aria-expanded')) === 'true') return;
    if (attempt === 5) throw new Error('The account menu did not stay open');
  }
}

/** Follows a link in the account menu ("Admin", "My orders"), opening the menu again if it closed before the click. */
export async function chooseInAccountMenu(page: Page, firstName: string, link: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await openAccountMenu(page, firstName);
    const clicked = await page
      .getByRole('list', { name: 'Account' })
      .getByRole('link', { name: link })
      .click({ timeout: 3_000 })
      .then(() => true, (error: unknown) => (attempt === 3 ? Promise.reject(error) : false));
    if (clicked) return;
  }
}

export async function signOut(page: Page, firstName: string): Promise<void> {
  await openAccountMenu(page, firstName);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
}

/** The short number shoppers and staff read an order by ("#FC34A420"): written out here, as a reader sees it. */
export const shortNumber = (orderId: string) => `#${orderId.slice(0, 8).toUpperCase()}`;

/** A date of birth that makes someone `years` old today (a couple of months past their birthday). */
export function dobForAge(years: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 2);
  return d.toISOString().slice(0, 10);
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export interface ProductSummary {
  _id: string;
  title: string;
  totalStock: number;
  requiresPrescription?: boolean;
  /** Controlled or refrigerated medicines are click and collect only. */
  controlled?: boolean;
  refrigerated?: boolean;
  pharmacyOnly?: boolean;
  allergens?: string[];
  contraindications?: string[];
  minAge?: number | null;
  maxPerOrder?: number | null;
}

export async function allProducts(base: string): Promise<ProductSummary[]> {
  const res = await fetch(`${base}/api/shop/products/get?limit=100&sortBy=title-atoz`);
  return ((await res.json()) as { data: ProductSummary[] }).data;
}

const CSRF = { 'x-pharmacy-csrf': '1' };

/** The session cookies of a shopper signed in through the API, for calls made outside a browser. */
export async function apiSession(base: string, creds: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF },
    body: JSON.stringify(creds),
  });
  if (!res.ok) throw new Error(`sign-in of ${creds.email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface SafetyAnswer {
  productId: string;
  warnings: Array<{ message: string }>;
  blocked: { code: string; message: string } | null;
}

/** The catalog's safety answer for the signed-in shopper whose cookies these are. */
export async function safetyFor(base: string, cookie: string, productIds: string[]): Promise<SafetyAnswer[]> {
  const res = await fetch(`${base}/api/shop/safety/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...CSRF },
    body: JSON.stringify({ productIds }),
  });
  if (!res.ok) throw new Error(`safety check failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: SafetyAnswer[] }).data;
}

/**
 * Products any adult shopper may simply buy: in stock, no prescription, no age limit, not a pharmacy medicine (that
 * asks consultation questions and waits for a pharmacist), and no safety warning even for the demo shopper, whose
 * allergies and condition reach through the catalog's knowledge table (ingredient classes, not only the product's
 * own allergen list). A journey buying one is never held for review.
 */
export async function plainProducts(base: string, count: number): Promise<ProductSummary[]> {
  const candidates = (await allProducts(base)).filter(
    (p) => p.totalStock >= 5 && !p.requiresPrescription && !p.pharmacyOnly && !p.allergens?.length && !p.contraindications?.length && !p.minAge,
  );
  const cookie = await apiSession(base, DEMO_SHOPPER);
  const warned = new Set(
    (await safetyFor(base, cookie, candidates.map((p) => p._id))).filter((a) => a.warnings.length > 0 || a.blocked).map((a) => a.productId),
  );
  const plain = candidates.filter((p) => !warned.has(p._id));
  if (plain.length < count) throw new Error(`only ${plain.length} plain products in the demo catalog`);
  return plain.slice(0, count);
}

export async function stockOf(base: string, productId: string): Promise<number> {
  const res = await fetch(`${base}/api/shop/products/get/${productId}`);
  return ((await res.json()) as { data: ProductSummary }).data.totalStock;
}

/** Creates a shopper through the API (registration is covered by its own journey). */
export async function registerShopper(base: string, firstName: string) {
  const user = { firstName, lastName: 'Tester', email: uniqueEmail(firstName.toLowerCase()), password: 'Steady-lantern-58' };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return user;
}

export async function addToCartFromProductPage(page: Page, product: ProductSummary): Promise<void> {
  await page.goto(`/pharmacy/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
  await page.getByRole('button', { name: /add to cart/i }).click();
  await page.getByText(/added to (your )?cart/i).first().waitFor();
}

/** From a listing card (the search results for its title): the card's compact Add to cart, named with the title. */
export async function addToCartFromListing(page: Page, product: ProductSummary): Promise<void> {
  await page.goto(`/pharmacy/products?q=${encodeURIComponent(product.title)}`);
  const button = page.getByRole('list', { name: 'Products' }).getByRole('button', { name: `Add to cart: ${product.title}`, exact: true });
  await button.click();
  await page.getByText(/added to (your )?cart/i).first().waitFor();
}

/**
 * Buys a product through the API with the browser context's own cookies (the shopper is signed in there):
 * cart, address, order, sandbox approval, capture. The checkout journey covers the same steps in the UI. `extra`
 * adds what the order create call may carry (the warnings' acknowledgement, a pharmacy medicine's answers).
 */
export async function buyThroughApi(
  page: Page,
  productId: string,
  extra: { acknowledgeSafetyWarnings?: boolean; consultation?: Array<{ questionId: string; answer: string }> } = {},
): Promise<string> {
  const request = page.context().request;
  const me = (await (await request.get('/api/auth/me')).json()) as { user: { _id: string } };
  const userId = me.user._id;
  const ok = async <T = { data: Record<string, string> }>(res: Awaited<ReturnType<typeof request.post>>) => {
    if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  await ok(await request.post('/api/shop/cart/add', { headers: CSRF, data: { userId, productId, quantity: 1 } }));
  const address = await ok(
    await request.post('/api/shop/address/add', {
      headers: CSRF,
      data: { userId, fullName: 'Ravi Patel', line1: '3 Mill Road', city: 'Leeds', postalCode: 'LS1 5AB', phone: '+44 113 496 0000' },
    }),
  );
  // Order create answers approvalURL and orderId at the top level.
  const order = await ok<{ approvalURL: string; orderId: string }>(await request.post('/api/shop/order/create', { headers: CSRF, data: { addressId: address.data._id, ...extra } }));
  const approval = await request.get(`${order.approvalURL}/confirm`, { maxRedirects: 0 });
  const back = new URL(approval.headers().location, 'http://x');
  await ok(
    await request.post('/api/shop/order/capture', {
      headers: CSRF,
      data: { paymentId: back.searchParams.get('paymentId'), payerId: back.searchParams.get('PayerID'), orderId: order.orderId },
    }),
  );
  return order.orderId;
}

/**
 * Staff move a paid order on through the admin API, signed in as the demo admin, one status at a time (e.g.
 * `inProcess`, `inShipping`, `delivered`): what the admin's order screen sends.
 */
export async function moveOrderAsStaff(base: string, orderId: string, statuses: string[]): Promise<void> {
  const cookie = await apiSession(base, DEMO_ADMIN);
  for (const orderStatus of statuses) {
    const res = await fetch(`${base}/api/admin/orders/update/${encodeURIComponent(orderId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, ...CSRF },
      body: JSON.stringify({ orderStatus }),
    });
    if (!res.ok) throw new Error(`moving ${shortNumber(orderId)} to ${orderStatus}: ${res.status} ${await res.text()}`);
  }
}

/** A delivery address in the default market (GB) as the checkout's "Add a new address" form takes it. */
export interface AddressFields {
  fullName: string;
  line1: string;
  city: string;
  postalCode: string;
  phone: string;
}

/** On the checkout page: adds an address through its form and waits until it is the one in use. */
export async function addAddressAtCheckout(page: Page, address: AddressFields): Promise<void> {
  await page.getByRole('button', { name: 'Add a new address' }).click();
  const form = page.getByRole('form', { name: 'Save and use this address' });
  await form.getByLabel(/^Full name/).fill(address.fullName);
  await form.getByLabel(/^Address line 1/).fill(address.line1);
  await form.getByLabel(/^Town or city/).fill(address.city);
  await form.getByLabel(/^Postcode/).fill(address.postalCode);
  await form.getByLabel(/^Phone/).fill(address.phone);
  await form.getByRole('button', { name: 'Save and use this address' }).click();
  await page.getByText(address.line1).first().waitFor();
}

/**
 * On the sandbox provider's approval page the checkout opened: approves and comes back to the shop's thank-you page.
 * @returns the order's id, as the checkout kept it for the return
 */
export async function approveSandboxPayment(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Approve your payment' }).waitFor();
  const orderId = await page.evaluate(() => sessionStorage.getItem('currentOrderId'));
  if (!orderId) throw new Error('the checkout kept no order id for the return from the provider');
  await page.getByRole('link', { name: 'Approve' }).click();
  await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
  return orderId;
}

import type { Browser, Page } from 'playwright-core';
import { violations } from '../setup/axe';
import { baseUrl, DEMO_ADMIN, launch, newContext, PHONE } from '../setup/browser';
import { allProducts, buyThroughApi, plainProducts, registerShopper, shortNumber, signIn } from '../setup/journeys';

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/**
 * Twenty pages covering every remote and the host: the shop's public pages, the five content pages, a shopper's
 * own pages (with a cart and an address, so checkout has its whole form) and the admin's dashboard.
 */
const PUBLIC = (productId: string) => [
  '/',
  '/pharmacy/products',
  `/pharmacy/product/${productId}`,
  '/pharmacy/products?q=paracetamol',
  '/cart',
  '/sign-in',
  '/signup',
  '/forgot-password',
  '/reset-password?token=expired-or-unknown',
  '/partners',
  '/our-story',
  '/pharmacy',
  '/where-we-serve',
  '/care',
];
const SIGNED_IN = ['/profile', '/address', '/my-orders', '/secure/checkout', '/need-help'];
const ADMIN = ['/admin/dashboard'];

describe('accessibility (axe-core): twenty pages on a 375 px touch phone and a 1280 px desktop', () => {
  it.each([
    ['375 px touch phone', PHONE],
    ['1280 px desktop', { width: 1280, height: 800 }],
  ] as const)('no violations at %s', async (_label, screen) => {
    const [product] = await plainProducts(baseUrl(), 1);
    const found: string[] = [];
    // the app's CSP allows no inline script; axe is injected by the test only
    const visitor = await newContext(browser, { ...screen, bypassCSP: true });
    const page = await visitor.newPage();
    for (const path of PUBLIC(product._id)) found.push(...(await violations(page, path, heading)));
    await visitor.close();

    const shopper = await registerShopper(baseUrl(), 'Axel');
    const own = await newContext(browser, { ...screen, bypassCSP: true });
    const shopperPage = await own.newPage();
    await signIn(shopperPage, shopper);
    await buyThroughApi(shopperPage, product._id);
    const csrf = { 'x-pharmacy-csrf': '1' };
    const me = (await (await own.request.get('/api/auth/me')).json()) as { user: { _id: string } };
    await own.request.post('/api/shop/cart/add', { headers: csrf, data: { userId: me.user._id, productId: product._id, quantity: 1 } });
    for (const path of SIGNED_IN) found.push(...(await violations(shopperPage, path, heading)));
    await own.close();

    const staff = await newContext(browser, { ...screen, bypassCSP: true });
    const adminPage = await staff.newPage();
    await signIn(adminPage, DEMO_ADMIN);
    for (const path of ADMIN) found.push(...(await violations(adminPage, path, heading)));
    await staff.close();
    expect(found).toEqual([]);
  }, 900_000);

  it('the admin’s lists have no violations', async () => {
    const admin = await newContext(browser, { width: 1280, height: 800, bypassCSP: true });
    const adminPage = await admin.newPage();
    await signIn(adminPage, DEMO_ADMIN);
    const found: string[] = [];
    for (const path of ['/admin/products', '/admin/orders', '/admin/users']) found.push(...(await violations(adminPage, path, heading)));
    expect(found).toEqual([]);
    await admin.close();
  }, 300_000);

  it('the safety screens (warnings, typeahead, consultation, pharmacist review) have no violations', async () => {
    const products = await allProducts(baseUrl());
    const ibuprofen = products.find((p) => p.title === 'Ibuprofen 200mg Tablets' && p.totalStock > 0);
    const pharmacyMedicine = products.find((p) => p.pharmacyOnly && !p.requiresPrescription && p.totalStock > 0 && (p.minAge ?? 0) <= 18);
    if (!ibuprofen || !pharmacyMedicine) throw new Error('the demo catalog lacks ibuprofen tablets or a pharmacy medicine in stock');
    const shopper = await registerShopper(baseUrl(), 'Iris');
    const context = await newContext(browser, { width: 412, height: 823, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, shopper);
    const request = context.request;
    const csrf = { 'x-pharmacy-csrf': '1' };
    const saved = await request.put('/api/account/profile', { headers: csrf, data: { DOB: '1990-03-08', allergies: ['NSAIDs'], healthConditions: ['Hypertension'] } });
    expect(saved.status()).toBe(200);
    const me = (await (await request.get('/api/auth/me')).json()) as { user: { _id: string } };
    const added = await request.post('/api/shop/cart/add', { headers: csrf, data: { userId: me.user._id, productId: pharmacyMedicine._id, quantity: 1 } });
    expect(added.status()).toBe(200);

    const found: string[] = [];
    // the product page's alert and the cards' badges (one opened), from the catalog's answer
    found.push(...(await violations(page, `/pharmacy/product/${ibuprofen._id}`, async (p) => {
      await heading(p);
      await p.getByRole('alert').filter({ hasText: 'Check before you buy' }).waitFor();
    })));
    found.push(...(await violations(page, '/pharmacy/products?q=ibuprofen', async (p) => {
      await heading(p);
      await p.getByRole('list', { name: 'Products' }).locator('summary').filter({ hasText: /show why/ }).first().click();
    })));
    // the profile's typeahead with its suggestions open
    found.push(...(await violations(page, '/profile', async (p) => {
      await heading(p);
      await p.getByRole('button', { name: 'Edit profile' }).click();
      await p.getByRole('combobox', { name: 'Allergies' }).pressSequentially('peni', { delay: 40 });
      await p.getByRole('listbox', { name: 'Suggestions for allergies' }).getByRole('option').first().waitFor();
    })));
    // cart and checkout: warnings, the pharmacist's questions, the acknowledgement and the notice before paying
    await request.post('/api/shop/cart/add', { headers: csrf, data: { userId: me.user._id, productId: ibuprofen._id, quantity: 1 } });
    found.push(...(await violations(page, '/cart', async (p) => {
      await heading(p);
      await p.getByRole('note', { name: `Safety warnings for ${ibuprofen.title}` }).waitFor();
    })));
    found.push(...(await violations(page, '/secure/checkout', async (p) => {
      await heading(p);
      await p.getByRole('region', { name: 'Questions from our pharmacist' }).waitFor();
      await p.getByRole('region', { name: 'A pharmacist checks this order' }).waitFor();
    })));
    // My Orders with an order held for the pharmacist, and its details
    // (buyThroughApi adds one more ibuprofen to the same cart, within its limit of 2 per order)
    const consultation = [
      { questionId: 'patient', answer: 'Me' },
      { questionId: 'age', answer: '36' },
      { questionId: 'otherMedicines', answer: 'None' },
      { questionId: 'conditions', answer: 'High blood pressure' },
    ];
    const orderId = await buyThroughApi(page, ibuprofen._id, { acknowledgeSafetyWarnings: true, consultation });
    found.push(...(await violations(page, '/my-orders', async (p) => {
      await heading(p);
      await p.getByRole('list', { name: 'Your orders' }).getByText('Awaiting pharmacist review').first().waitFor();
    })));
    found.push(...(await violations(page, '/my-orders', async (p) => {
      await heading(p);
      await p.getByRole('button', { name: /^View details of order/ }).first().click();
      await p.getByRole('dialog').getByRole('heading', { name: 'Your consultation answers' }).waitFor();
    })));
    await context.close();

    // the pharmacist's queue and review view
    const admin = await newContext(browser, { width: 1280, height: 800, bypassCSP: true });
    const adminPage = await admin.newPage();
    await signIn(adminPage, DEMO_ADMIN);
    found.push(...(await violations(adminPage, '/admin/orders', async (p) => {
      await heading(p);
      await p.getByRole('group', { name: 'Pharmacist review' }).getByRole('button', { name: /^Awaiting pharmacist review/ }).click();
      const row = p.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: shortNumber(orderId) });
      await row.getByRole('button', { name: 'View Details' }).click();
      const review = p.getByRole('dialog', { name: 'Order details' }).getByRole('region', { name: 'Pharmacist review' });
      await review.getByRole('list', { name: 'Acknowledged warnings' }).waitFor();
      await review.getByRole('heading', { name: 'Consultation answers' }).waitFor();
    })));
    expect(found).toEqual([]);
    await admin.close();
  }, 600_000);
});

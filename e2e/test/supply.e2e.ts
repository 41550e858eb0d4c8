import type { Browser } from 'playwright-core';
import { baseUrl, DEMO_ADMIN, DEMO_PHARMACIST, launch, newContext, trackErrors } from '../setup/browser';
import { allProducts, apiSession, dobForAge, buyThroughApi, plainProducts, registerShopper, shortNumber, signIn } from '../setup/journeys';

// Issue 23's journey: a shopper is stopped at the paracetamol limit with the reason in plain words; a pharmacist
// records a recall of a lot by its number and sees the order that received it. Key steps are logged.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const log = (step: string, value: unknown) => console.log(`[supply journey] ${step}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
const CSRF = { 'x-pharmacy-csrf': '1' };

describe('supply limits and recalls', () => {
  it('stops a shopper at the paracetamol limit and says why', async () => {
    const products = await allProducts(baseUrl());
    const tablets = products.find((p) => p.title === 'Paracetamol 500mg Tablets')!;
    const caplets = products.find((p) => p.title === 'Paracetamol 500mg Caplets')!;
    const shopper = await registerShopper(baseUrl(), 'Nadia');
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, shopper);

    // two packs of tablets are in the cart; a third paracetamol pack is one too many for one order
    // paracetamol is sold from 16: the shopper's date of birth is known
    const profile = await context.request.put('/api/account/profile', { headers: CSRF, data: { DOB: dobForAge(30) } });
    expect(profile.ok()).toBe(true);
    const me = (await (await context.request.get('/api/auth/me')).json()) as { user: { _id: string } };
    const added = await context.request.post('/api/shop/cart/add', { headers: CSRF, data: { userId: me.user._id, productId: tablets._id, quantity: 2 } });
    expect(`${added.status()} ${added.ok() ? '' : await added.text()}`).toBe('200 ');

    await page.goto(`/pharmacy/product/${caplets._id}`);
    await page.getByRole('heading', { level: 1, name: caplets.title }).waitFor();
    await page.getByRole('button', { name: /add to cart/i }).first().click();
    const reason = 'You can buy up to 2 packs of paracetamol or aspirin medicines in one order; your cart has 3.';
    await page.getByText(reason).first().waitFor();
    log('refused with', reason);

    // nothing was added: the cart still holds the two packs of tablets only
    await page.goto('/cart');
    await page.getByTestId(`cart-line-${tablets._id}`).waitFor();
    expect(await page.getByTestId(`cart-line-${caplets._id}`).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records a recall of a lot from Products and lists the order that received it', async () => {
    // a batch received today with a lot of its own and the earliest expiry, so the next sale takes it
    const [product] = await plainProducts(baseUrl(), 1);
    const lot = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const expiresOn = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const admin = await apiSession(baseUrl(), DEMO_ADMIN);
    const received = await fetch(`${baseUrl()}/api/admin/products/${product._id}/batches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin, ...CSRF },
      body: JSON.stringify({ lot, expiresOn, quantity: 1 }),
    });
    expect(received.status).toBe(200);

    // a shopper buys one unit: it comes from that batch (earliest expiry first)
    const shopper = await registerShopper(baseUrl(), 'Owen');
    const shopperContext = await newContext(browser);
    const shopperPage = await shopperContext.newPage();
    await signIn(shopperPage, shopper);
    const orderId = await buyThroughApi(shopperPage, product._id);
    log('order that took the batch', shortNumber(orderId));

    // the pharmacist records the recall by the lot number on the alert
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, DEMO_PHARMACIST);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Record a recall' }).click();
    const form = page.getByRole('form', { name: 'Record a recall' });
    await form.getByLabel(/Lot numbers/).fill(lot);
    await form.getByRole('button', { name: /Find/ }).click();
    await form.getByRole('checkbox', { name: new RegExp(lot) }).waitFor();
    await form.getByLabel(/^Class/).selectOption('2');
    await form.getByLabel(/Reason/).fill('Wrong strength printed on the carton.');
    await form.getByLabel(/What shoppers must do/).fill('Stop using it and bring it back to the pharmacy.');
    await form.getByRole('button', { name: /Record recall/ }).click();

    const affected = page.getByRole('table', { name: 'Affected orders' });
    await affected.getByRole('cell', { name: shortNumber(orderId) }).waitFor();
    await expect(affected.getByRole('row', { name: new RegExp(lot) }).count()).resolves.toBeGreaterThan(0);
    log('affected orders listed', await affected.innerText());
    expect(errors).toEqual([]);
    await context.close();
    await shopperContext.close();
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { addAddressAtCheckout, approveSandboxPayment, addToCartFromProductPage, plainProducts, registerShopper, shortNumber, signIn } from '../setup/journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface DeliveryOptions {
  currency: string;
  methods: Array<{ method: 'standard' | 'express' | 'collect'; label: string; fee: number }>;
  pharmacies: Array<{ id: string; name: string; address: string }>;
}
interface CartTotals {
  subtotal: number;
  delivery: number;
  total: number;
  currency: string;
}

/** A phone as shoppers hold it: 375×812, touch, mobile viewport. */
const phoneContext = (): Promise<BrowserContext> => newContext(browser, { width: 375, height: 812, touch: true });

const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

/** The server's totals for the signed-in shopper's cart with a method: what the page must show after choosing it. */
async function serverTotals(page: Page, userId: string, method: string, pharmacyId?: string): Promise<CartTotals> {
  const query = new URLSearchParams({ delivery: method, ...(pharmacyId ? { pharmacyId } : {}) });
  const res = await page.request.get(`/api/shop/cart/get/${userId}?${query}`);
  if (!res.ok()) throw new Error(`cart totals for ${method}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { totals: CartTotals } }).data.totals;
}

describe('checkout delivery on a 375 px phone', () => {
  it('each delivery option shows the server’s total, and an order collected at a pharmacy returns with its short number', async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    const shopper = await registerShopper(baseUrl(), 'Ines');
    const options = (await (await fetch(`${baseUrl()}/api/shop/delivery/options`)).json()) as { data: DeliveryOptions };
    const { currency, methods, pharmacies } = options.data;
    expect(methods.map((m) => m.method)).toEqual(['standard', 'express', 'collect']);

    const context = await phoneContext();
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, shopper);
    const me = (await (await page.request.get('/api/auth/check-auth')).json()) as { user: { _id: string } };
    await addToCartFromProductPage(page, product);

    await page.goto('/secure/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const delivery = page.getByRole('group', { name: 'Delivery' });
    const summary = page.getByRole('region', { name: 'Order summary' });
    const total = summary.getByTestId('order-total');

    const shown: Record<string, string> = {};
    for (const option of methods) {
      await delivery.getByRole('radio', { name: new RegExp(option.label) }).check();
      const expected = await serverTotals(page, me.user._id, option.method);
      shown[option.method] = money(expected.total, currency);
      // the figure on the page is the server's, for this method (express costs its fee, collect is free)
      await expectEventually(() => total.textContent(), money(expected.total, currency));
      await summary.getByText(option.label, { exact: true }).waitFor();
      if (option.method === 'express') expect(expected.delivery).toBe(option.fee);
      if (option.method === 'collect') expect(expected.delivery).toBe(0);
    }
    // the choice moved the total: express (a fee) costs more than collecting (free)
    expect(shown.express).not.toBe(shown.collect);

    // click and collect: the button says a pharmacy is needed until one is chosen
    const place = page.getByRole('button', { name: 'Place order and pay' });
    await expectEventually(() => place.isDisabled(), true);
    await page.getByText('Choose a pharmacy for collection.').waitFor();
    const [pharmacy] = pharmacies;
    await page.getByRole('group', { name: 'Choose a pharmacy' }).getByRole('radio', { name: new RegExp(pharmacy.name) }).check();

    // a new shopper has no address yet: the order is recorded with one
    await addAddressAtCheckout(page, { fullName: 'Ines Tester', line1: '12 Willow Lane', city: 'Bristol', postalCode: 'BS1 4DJ', phone: '+44 117 496 0123' });

    await expectEventually(() => place.isEnabled(), true);
    await place.click();
    const orderId = await approveSandboxPayment(page);
    const number = shortNumber(orderId);
    await page.getByText(number, { exact: true }).waitFor();
    await page.getByText(`Collect at ${pharmacy.name}, ${pharmacy.address}`).waitFor();
    expect(await page.getByText(orderId).count()).toBe(0); // the long id is never shown to the shopper
    // back from the provider (a new document) the page opens at its top, not where an earlier page was left
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

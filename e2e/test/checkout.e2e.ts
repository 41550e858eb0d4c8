import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { addAddressAtCheckout, addToCartFromListing, addToCartFromProductPage, plainProducts, type ProductSummary, registerShopper, shortNumber, signIn, stockOf } from '../setup/journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function addAddressAndPlaceOrder(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  await addAddressAtCheckout(page, { fullName: 'Lena Ortiz', line1: '12 Willow Lane', city: 'Bristol', postalCode: 'BS1 4DJ', phone: '+44 117 496 0123' });
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  // the sandbox provider's clearly labelled approval page
  await page.getByRole('heading', { name: 'Approve your payment' }).waitFor();
  await page.getByText(/sandbox/i).first().waitFor();
}

describe('cart and checkout journeys in the browser', () => {
  let products: ProductSummary[];
  beforeAll(async () => {
    products = await plainProducts(baseUrl(), 3);
  });

  it('a visitor fills a cart (product page and listing card), signs in to a merged cart, checks out, approves, and finds the order', async () => {
    const shopper = await registerShopper(baseUrl(), 'Lena');
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const [first, second] = products;

    await addToCartFromProductPage(page, first);
    await addToCartFromListing(page, second);
    await page.goto('/cart');
    await page.getByText(first.title).first().waitFor();
    await page.getByText(second.title).first().waitFor();

    await signIn(page, shopper);
    await page.goto('/cart');
    const items = page.getByRole('list', { name: 'Cart items' });
    await items.getByText(first.title).waitFor();
    await items.getByText(second.title).waitFor();

    await page.getByRole('button', { name: /checkout/i }).click();
    await addAddressAndPlaceOrder(page);
    const orderId = await page.evaluate(() => sessionStorage.getItem('currentOrderId'));
    expect(orderId).toBeTruthy();
    await page.getByRole('link', { name: 'Approve' }).click();

    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    // The shop's server read the provider's return: the page got our three names and nothing of the provider's.
    const back = new URL(page.url());
    expect(back.pathname).toBe('/secure/checkout/return');
    expect([...back.searchParams.keys()].sort()).toEqual(['orderId', 'payerId', 'paymentId']);
    // the order by its short number, never its long id
    await page.getByText(shortNumber(orderId!), { exact: true }).waitFor();
    expect(await page.getByText(orderId!).count()).toBe(0);
    await expectEventually(() => page.evaluate(() => sessionStorage.getItem('currentOrderId')), null);

    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL('**/my-orders');
    const orders = page.getByRole('list', { name: 'Your orders' });
    await orders.getByText('Confirmed').first().waitFor();
    await orders.getByText(/Payment: paid/i).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a return link from before the server read returns (the provider’s own words) still completes the payment', async () => {
    const shopper = await registerShopper(baseUrl(), 'Ines');
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, shopper);
    await addToCartFromProductPage(page, products[1]);
    await page.goto('/secure/checkout');
    await addAddressAndPlaceOrder(page);
    const orderId = await page.evaluate(() => sessionStorage.getItem('currentOrderId'));
    // Approve without following the redirect, then open the return page as an older link named it.
    const approve = new URL(await page.getByRole('link', { name: 'Approve' }).getAttribute('href') ?? '', page.url());
    const confirmed = await context.request.get(approve.href, { maxRedirects: 0 });
    const provider = new URL(confirmed.headers()['location']);
    const old = `/secure/checkout/return?orderId=${orderId}&paymentId=${provider.searchParams.get('paymentId')}&PayerID=${provider.searchParams.get('PayerID')}`;
    await page.goto(old);

    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual(['orderId', 'payerId', 'paymentId']);
    await page.getByText(shortNumber(orderId!), { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancelling at the sandbox page releases the reserved stock', async () => {
    const shopper = await registerShopper(baseUrl(), 'Omar');
    const context = await newContext(browser);
    const page = await context.newPage();
    const product = products[2];
    const before = await stockOf(baseUrl(), product._id);

    await signIn(page, shopper);
    await addToCartFromProductPage(page, product);
    await page.goto('/secure/checkout');
    await addAddressAndPlaceOrder(page);
    expect(await stockOf(baseUrl(), product._id)).toBe(before - 1); // reserved while the payment is open

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    await page.getByText(/released/i).first().waitFor();
    expect(await stockOf(baseUrl(), product._id)).toBe(before);

    // My Orders folds the cancelled payment into one line instead of a card of its own.
    await page.goto('/my-orders');
    const fold = page.getByRole('list', { name: 'Your orders' }).getByRole('button', { name: '1 cancelled payment' });
    await fold.click();
    await page.getByRole('list', { name: '1 cancelled payment' }).getByText('Payment cancelled').waitFor();
    await context.close();
  });
});

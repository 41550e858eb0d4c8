import type { Browser, Page } from 'playwright-core';
import { baseUrl, DEMO_SHOPPER, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { buyThroughApi, moveOrderAsStaff, plainProducts, registerShopper, signIn } from '../setup/journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function shownTitles(page: Page): Promise<string[]> {
  const texts = await page.getByRole('list', { name: 'Products' }).getByRole('link').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** The grid updates after the URL does: wait until it shows exactly these titles, in this order. */
function expectTitles(page: Page, expected: string[]): Promise<void> {
  return expectEventually(() => shownTitles(page), expected);
}

async function apiTitles(query: string): Promise<string[]> {
  const res = await fetch(`${baseUrl()}/api/shop/products/get?${query}`);
  return ((await res.json()) as { data: Array<{ title: string }> }).data.map((p) => p.title);
}

describe('catalog journeys in the browser', () => {
  it('filters by category and brand, sorts, and shows the same view after a reload', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await page.goto('/pharmacy/products');
    await page.getByRole('list', { name: 'Products' }).waitFor();

    // the filters are controlled by the URL: they change once the router has navigated
    await page.getByRole('checkbox', { name: /^Pain Relief/ }).click();
    await page.waitForURL(/category=pain-relief/);
    // a brand that has pain relief products
    const [brand] = [...new Set((await fetch(`${baseUrl()}/api/shop/products/get?category=pain-relief&limit=100`).then((r) => r.json()) as {
      data: Array<{ brand: string }>;
    }).data.map((p) => p.brand))];
    await page.getByRole('checkbox', { name: new RegExp(`^${brand}`) }).click();
    await page.waitForURL(new RegExp(`brand=${encodeURIComponent(brand)}`));
    await expectEventually(() => page.getByRole('checkbox', { name: new RegExp(`^${brand}`) }).isChecked(), true);
    await page.getByLabel('Sort by').selectOption('price-hightolow');
    await page.waitForURL(/sortBy=price-hightolow/);

    const expected = await apiTitles(`category=pain-relief&brand=${encodeURIComponent(brand)}&sortBy=price-hightolow`);
    expect(expected.length).toBeGreaterThan(0);
    await expectTitles(page, expected);

    await page.reload();
    await expectTitles(page, expected);
    await expectEventually(() => page.getByRole('checkbox', { name: /^Pain Relief/ }).isChecked(), true);
    await expectEventually(() => page.getByLabel('Sort by').inputValue(), 'price-hightolow');

    await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: expected[0] }).first().click();
    await page.getByRole('heading', { level: 1, name: expected[0] }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds ibuprofen from the header search despite a typo', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search products' }).fill('ibuprofn');
    const suggestion = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /Ibuprofen/ }).first();
    await suggestion.waitFor();
    await suggestion.click();
    await page.waitForURL(/\/pharmacy\/product\//);
    await page.getByRole('heading', { level: 1, name: /Ibuprofen/ }).waitFor();
    await context.close();
  });

  it('warns the demo shopper, allergic to NSAIDs, on an ibuprofen card and product page in the catalog’s words', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, DEMO_SHOPPER);
    await page.goto('/pharmacy/products?q=ibuprofen');
    // the card's badge (a disclosure) names the kind of check; its reasons are the catalog's sentences
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: /Ibuprofen/ }) }).first();
    const badge = card.locator('summary').filter({ hasText: /^.*Check: .* for .*Ibuprofen.*: show why$/ });
    await badge.waitFor();
    await badge.click();
    await card.getByText(/contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs/i).first().waitFor({ state: 'visible' });
    // a warning does not stop an adult adding it: the acknowledgement comes at checkout
    expect(await card.getByRole('button', { name: /^Add to cart: .*Ibuprofen/ }).isDisabled()).toBe(false);
    await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: /Ibuprofen/ }).first().click();
    const warning = page.getByRole('alert').filter({ hasText: 'Check before you buy' });
    await warning.getByText(/contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs/i).waitFor();
    await context.close();
  });

  it('a buyer reviews a product once staff have delivered the order, and sees its average change', async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    const shopper = await registerShopper(baseUrl(), 'Ravi');
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, shopper);
    const orderId = await buyThroughApi(page, product._id);

    // Paid is not enough: the review opens once the order has reached the shopper.
    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByText('You can review this once your order has been delivered or collected.').waitFor();
    expect(await page.getByRole('form', { name: 'Write a review' }).count()).toBe(0);
    await moveOrderAsStaff(baseUrl(), orderId, ['inProcess', 'inShipping', 'delivered']);

    await page.goto(`/pharmacy/product/${product._id}`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByLabel('Your review').fill('Dissolves quickly and worked well for a tension headache.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('4.0 out of 5 (1 review)').first().waitFor();
    await page.getByRole('paragraph').filter({ hasText: 'Dissolves quickly and worked well' }).waitFor();
    await context.close();
  });
});

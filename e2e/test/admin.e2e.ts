import type { Browser, Page } from 'playwright-core';
import { baseUrl, DEMO_ADMIN, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { buyThroughApi, plainProducts, registerShopper, signIn, shortNumber } from '../setup/journeys';
import { tinyPng } from '../setup/png';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function storefrontShows(page: Page, title: string, price: string): Promise<void> {
  await page.goto(`/pharmacy/products?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: title });
  await card.getByText(price).first().waitFor();
}

describe('admin journeys in the browser', () => {
  it('staff create a product with an image, see it in the storefront, and edit its price there too', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const title = `Quillanex Cooling Gel ${Date.now() % 100000}`;
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Add product' }).click();
    const form = page.getByRole('form', { name: 'Add product' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('Soothing gel for minor burns, stings and sunburn. For external use only.');
    await form.getByLabel(/^Category/).selectOption('first-aid');
    await form.getByLabel(/^Brand/).fill('Carewell');
    await form.getByLabel(/^Price/).fill('7.25');
    await form.getByLabel(/^Stock/).fill('12');
    await form.getByLabel(/^Product image/).setInputFiles({ name: 'gel.png', mimeType: 'image/png', buffer: tinyPng() });
    await form.getByRole('img').first().waitFor(); // the preview of the uploaded image
    await form.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('table', { name: 'Products' }).getByText(title).waitFor();

    await storefrontShows(page, title, '£7.25');

    await page.goto('/admin/products');
    await page.getByPlaceholder('Search products...').fill(title);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: 'Save changes' });
    await edit.getByLabel(/^Price/).fill('6.10');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('table', { name: 'Products' }).getByText('£6.10').waitFor();

    await storefrontShows(page, title, '£6.10');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff move a confirmed order to in process and the shopper sees it, named in the history and mailed at each step; staff open a user’s details', async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    const shopper = await registerShopper(baseUrl(), 'Mina');
    const shopperContext = await newContext(browser);
    const shopperPage = await shopperContext.newPage();
    await signIn(shopperPage, shopper);
    const orderId = await buyThroughApi(shopperPage, product._id);

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/orders');
    // staff read an order by its short number, as the shopper does
    const number = shortNumber(orderId);
    const row = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: number });
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order details' });
    const choices = dialog.getByLabel('Change order status to');
    await choices.locator('option', { hasText: 'In process' }).waitFor({ state: 'attached' }); // details loaded
    // the details open at their top, on their heading
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Order details');
    // only the allowed next states of a confirmed order are offered
    await expectEventually(() => choices.locator('option').allInnerTexts(), ['Choose…', 'In process', 'Rejected']);
    await choices.selectOption('inProcess');
    await dialog.getByRole('button', { name: 'Update order status' }).click();
    await dialog.getByLabel('Change order status to').locator('option', { hasText: 'In shipping' }).waitFor({ state: 'attached' });
    await shopperPage.goto('/my-orders');
    await shopperPage.getByRole('list', { name: 'Your orders' }).getByText('Being prepared').first().waitFor();

    // the history names the member of staff, not their id
    await dialog.getByRole('listitem').filter({ hasText: 'Order status: Confirmed → In process' }).filter({ hasText: 'by Demo Admin (staff)' }).waitFor();
    await dialog.getByLabel('Change order status to').selectOption('inShipping');
    await dialog.getByRole('button', { name: 'Update order status' }).click();
    await dialog.getByLabel('Change order status to').locator('option', { hasText: 'Delivered' }).waitFor({ state: 'attached' });

    // The shopper was mailed when it was paid and when it left, once each (the dev mailbox of a default install).
    await page.goto('/dev/mailbox');
    const mails = page.getByRole('list', { name: 'Mails, newest first' }).getByRole('link').filter({ hasText: shopper.email });
    await expectEventually(() => mails.allInnerTexts().then((all) => all.map((m) => m.split('\n')[0]).sort()), [
      `Order ${number} is confirmed: thank you`,
      `Order ${number} is on its way`,
    ]);
    await mails.filter({ hasText: `Order ${number} is on its way` }).click();
    await page.getByRole('region', { name: 'Message text' }).getByText(product.title).waitFor();

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    await page.getByPlaceholder('Search user...').fill('Mina');
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByText(shopper.email).waitFor();
    await details.getByText('All personal and account information').waitFor();
    await shopperContext.close();
    await context.close();
  });

  it('turns the sidebar into a drawer on a 375 px wide screen', async () => {
    const context = await newContext(browser, { width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, DEMO_ADMIN);
    await page.goto('/admin/dashboard');
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.waitFor();
    expect(await page.getByRole('dialog', { name: 'Admin Panel' }).count()).toBe(0);
    await openMenu.click();
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await drawer.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });
});

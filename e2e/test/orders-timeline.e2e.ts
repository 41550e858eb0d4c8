import type { Browser } from 'playwright-core';
import { baseUrl, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { buyThroughApi, moveOrderAsStaff, plainProducts, registerShopper, signIn, shortNumber } from '../setup/journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('order tracking in My orders', () => {
  it('shows a paid order that staff moved to shipping as "On its way" on its timeline, on a 375 px phone', async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    const shopper = await registerShopper(baseUrl(), 'Tomasz');
    const shopperContext = await newContext(browser, { width: 375, height: 812, touch: true });
    const page = await shopperContext.newPage();
    const errors = trackErrors(page);
    await signIn(page, shopper);
    const orderId = await buyThroughApi(page, product._id);
    const number = shortNumber(orderId);

    // Staff move the paid order on through the admin API: prepared, then handed to the courier.
    await moveOrderAsStaff(baseUrl(), orderId, ['inProcess', 'inShipping']);

    await page.goto('/my-orders');
    const timeline = page.getByRole('list', { name: `Progress of order ${number}` });
    await timeline.waitFor();
    const steps = timeline.getByRole('listitem');
    // Placed, paid, prepared and on its way are reached; delivery is still to come.
    await expectEventually(() => steps.count(), 5);
    const current = timeline.locator('[aria-current="step"]');
    await expectEventually(() => current.count(), 1);
    await current.getByText('On its way', { exact: true }).waitFor();
    expect(await steps.nth(4).textContent()).toBe('Delivered, not yet');
    for (const i of [0, 1, 2]) expect(await steps.nth(i).textContent()).toMatch(/, done\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

    // The timeline runs top to bottom on a phone and the page does not scroll sideways.
    const boxes = await Promise.all([0, 4].map((i) => steps.nth(i).boundingBox()));
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(Math.abs(boxes[1]!.x - boxes[0]!.x)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The order is named by its short number everywhere, the details dialog too.
    const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: `Order ${number}` }).first();
    await order.getByRole('button', { name: `View details of order ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${number}` });
    await dialog.getByRole('list', { name: `Progress of order ${number}` }).locator('[aria-current="step"]').getByText('On its way', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await shopperContext.close();
  });
});

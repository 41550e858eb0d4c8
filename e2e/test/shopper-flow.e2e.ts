import type { Browser } from 'playwright-core';
import { baseUrl, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { addToCartFromProductPage, allProducts, createAccount, dobForAge, plainProducts, registerShopper, signIn, uniqueEmail, type ProductSummary } from '../setup/journeys';

// No dead ends (docs/product.md#guards and #safety-while-shopping): a new shopper sent from the cart to sign in comes
// back to the checkout through sign-up and the health step, and a shopper whose age is unknown adds an age-limited
// medicine by giving the date of birth in place (the account remote's dialog, loaded by the cart's widget).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function ageLimited(): Promise<ProductSummary> {
  const found = (await allProducts(baseUrl())).find((p) => (p.minAge ?? 0) >= 12 && (p.minAge ?? 0) <= 16 && !p.requiresPrescription && !p.pharmacyOnly && p.totalStock > 5);
  if (!found) throw new Error('the demo catalog has no age-limited medicine sold online');
  return found;
}

describe('a shopper is never left at a dead end', () => {
  it('cart → "Sign in to check out" → "Create an account" → sign in → health step with a date of birth → the checkout', async () => {
    const [product] = await plainProducts(baseUrl(), 1);
    const user = { firstName: 'Ines', lastName: 'Duarte', email: uniqueEmail('ines'), password: 'Orange-meadow-42' };
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);

    await addToCartFromProductPage(page, product);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Sign in to check out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('returnTo') === '/secure/checkout');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/signup' && url.searchParams.get('returnTo') === '/secure/checkout');
    await createAccount(page, user);

    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('returnTo') === '/secure/checkout');
    const signInForm = page.getByRole('form', { name: 'Sign in' });
    await signInForm.getByLabel('Password').fill(user.password);
    await signInForm.getByRole('button', { name: 'Sign in' }).click();

    const step = page.getByRole('form', { name: 'Health profile' });
    await step.getByLabel('Date of birth').fill(dobForAge(29));
    await step.getByText('Some medicines have a minimum age by law; we check it before you buy.').waitFor();
    await step.getByRole('button', { name: 'Save and continue' }).click();

    await page.waitForURL((url) => url.pathname === '/secure/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText(product.title).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown age asks for the date of birth in place, then the add goes through', async () => {
    const product = await ageLimited();
    const shopper = await registerShopper(baseUrl(), 'Kwame');
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, shopper);

    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const add = page.getByRole('button', { name: 'Add to cart', exact: true });
    await page.getByText(`Add your date of birth to buy this: it is sold from age ${product.minAge}.`).waitFor();
    expect(await page.getByText(/Not for you/).count()).toBe(0);
    expect(await add.isEnabled()).toBe(true);
    await add.click();

    // the account remote's dialog, loaded through the host by the cart's widget
    const dialog = page.getByRole('dialog', { name: 'Add your date of birth' });
    await dialog.getByLabel(/^Date of birth/).fill(dobForAge(35));
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText(/added to (your )?cart/i).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectEventually(() => page.getByText(/Add your date of birth to buy this/).count(), 0);

    await page.goto('/cart');
    await page.getByRole('list', { name: 'Cart items' }).getByText(product.title).waitFor();
    await page.goto('/profile');
    await page.getByText(/Date of birth/).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { baseUrl, expectEventually, launch, newContext, PHONE, trackErrors } from '../setup/browser';
import {
  addAddressAtCheckout,
  addToCartFromProductPage,
  allProducts,
  approveSandboxPayment,
  createAccount,
  dobForAge,
  plainProducts,
  registerShopper,
  shortNumber,
  signIn,
  uniqueEmail,
  type ProductSummary,
} from '../setup/journeys';

// No dead ends (docs/product.md#guards and #safety-while-shopping): a new shopper sent from the cart to sign in comes
// back to the checkout through sign-up and the health step, and a shopper whose age is unknown adds an age-limited
// medicine by giving the date of birth in place (the account remote's dialog, loaded by the cart's widget). The
// first journey is the whole purchase on a phone, by role and label only, down to the mail it ends with.

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
  it('on a 375 px phone: a visitor adds ibuprofen, signs up from the cart, gives a date of birth, pays and finds the mail', async () => {
    const user = { firstName: 'Aoife', lastName: 'Byrne', email: uniqueEmail('aoife'), password: 'Copper-lantern-58' };
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = trackErrors(page);

    // found from the header's search, added from its card in the results
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Search' }).tap();
    await page.getByRole('combobox', { name: 'Search products' }).fill('ibuprofen');
    await page.keyboard.press('Enter');
    const results = page.getByRole('list', { name: 'Products' });
    const add = results.getByRole('button', { name: 'Add to cart: Ibuprofen 200mg Tablets', exact: true });
    await add.tap();
    await page.getByText(/added to (your )?cart/i).first().waitFor();

    await header.getByRole('link', { name: /^Cart/ }).tap();
    await page.getByRole('list', { name: 'Cart items' }).getByText('Ibuprofen 200mg Tablets').waitFor();
    await page.getByRole('button', { name: 'Sign in to check out' }).tap();
    await page.getByRole('link', { name: 'Create an account' }).tap();
    await createAccount(page, user);
    const signInForm = page.getByRole('form', { name: 'Sign in' });
    await signInForm.getByLabel('Password').fill(user.password);
    await signInForm.getByRole('button', { name: 'Sign in' }).tap();

    // ibuprofen is sold from age 12: the health step's date of birth is what lets the checkout go on
    const step = page.getByRole('form', { name: 'Health profile' });
    await step.getByLabel('Date of birth').fill(dobForAge(34));
    await step.getByRole('button', { name: 'Save and continue' }).tap();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/secure/checkout');
    await addAddressAtCheckout(page, { fullName: 'Aoife Byrne', line1: '4 Quay Street', city: 'Leeds', postalCode: 'LS1 4DY', phone: '07700 900123' });
    await page.getByRole('button', { name: 'Place order and pay' }).tap();
    const orderId = await approveSandboxPayment(page);

    // the order's first mail, on the default install's mailbox (this machine's own browser may read it)
    const subject = `Order ${shortNumber(orderId)} is confirmed: thank you`;
    await page.goto('/dev/mailbox');
    const mail = page.getByRole('list', { name: 'Mails, newest first' }).getByRole('link').filter({ hasText: user.email }).filter({ hasText: subject });
    await expectEventually(async () => {
      await page.reload();
      return mail.count();
    }, 1);
    await mail.tap();
    await page.getByRole('heading', { name: subject }).waitFor();
    const text = page.getByRole('region', { name: 'Message text' });
    await text.getByText('Ibuprofen 200mg Tablets').first().waitFor();
    await text.getByText('4 Quay Street', { exact: false }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

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

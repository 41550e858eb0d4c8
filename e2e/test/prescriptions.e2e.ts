import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, DEMO_PHARMACIST, expectEventually, launch, newContext, trackErrors } from '../setup/browser';
import { addAddressAtCheckout, allProducts, approveSandboxPayment, onDutyAsResponsiblePharmacist, type ProductSummary, registerShopper, shortNumber, signIn } from '../setup/journeys';
import { tinyPng } from '../setup/png';

// Issue 22's journeys: a paper prescription sent as a photo from a prescription-only medicine's page, checked by the
// pharmacist, ordered and paid, with its directions in My Orders; and an electronic prescription issued by the sandbox
// prescriber, entered by its token, verified from its own items, and then allowed into the cart. Key steps are logged.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const log = (step: string, value: unknown) => console.log(`[prescriptions journey] ${step}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);

/** A calendar day `days` before today (YYYY-MM-DD), as a date input takes it. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The prescription-only medicines any adult may have delivered (not controlled or refrigerated, no age limit), in stock. */
async function prescriptionMedicines(): Promise<ProductSummary[]> {
  const found = (await allProducts(baseUrl())).filter((p) => p.requiresPrescription && !p.controlled && !p.refrigerated && !p.minAge && p.totalStock >= 5);
  if (found.length === 0) throw new Error('the demo catalog has no prescription-only medicine that can be delivered');
  return found;
}

/** The shopper's prescription card in My prescriptions, by its heading. */
const prescriptionCard = (page: Page, heading: string) =>
  page.getByRole('list', { name: 'Your prescriptions' }).getByRole('article', { name: heading, exact: true });

/**
 * The demo pharmacist, on duty, opens Orders → "Prescriptions to check (N)" and the shopper's prescription in it.
 * @returns the check dialog and the form to approve it
 */
async function openPrescriptionCheck(context: BrowserContext, shopperName: string): Promise<{ staff: Page; dialog: Locator; approve: Locator }> {
  const staff = await context.newPage();
  await signIn(staff, DEMO_PHARMACIST);
  await onDutyAsResponsiblePharmacist(staff);
  await staff.goto('/admin/orders');
  const queueButton = staff.getByRole('button', { name: /^Prescriptions to check \(\d+\)$/ });
  await expectEventually(async () => /\(([1-9]\d*)\)$/.test(await queueButton.innerText()), true); // counts this one
  log('admin queue', await queueButton.innerText());
  await queueButton.click();
  await expectEventually(() => queueButton.getAttribute('aria-pressed'), 'true');
  await staff.getByRole('button', { name: `Check ${shopperName}'s prescription`, exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: 'Prescription', exact: true });
  const approve = dialog.getByRole('form', { name: 'Approve' });
  await approve.getByRole('button', { name: 'Approve prescription' }).waitFor();
  return { staff, dialog, approve };
}

/** Ticks "I have read these warnings" when the shopper's profile raises any (Approve waits for it), then approves. */
async function acknowledgeAndApprove(dialog: Locator, approve: Locator): Promise<void> {
  const read = dialog.getByRole('checkbox', { name: 'I have read these warnings' });
  if ((await read.count()) > 0) {
    log('admin safety warnings', await dialog.getByRole('region', { name: 'Safety warnings' }).getByRole('listitem').allInnerTexts());
    await read.check();
  }
  const button = approve.getByRole('button', { name: 'Approve prescription' });
  await expectEventually(() => button.isEnabled(), true);
  await button.click();
  await dialog.getByRole('heading', { name: 'Prescription verified' }).waitFor();
}

/** A new shopper (registered through the API), signed in in a context of their own. */
async function signedInShopper(firstName: string) {
  const shopper = await registerShopper(baseUrl(), firstName);
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = trackErrors(page);
  await signIn(page, shopper);
  return { name: `${shopper.firstName} ${shopper.lastName}`, context, page, errors };
}

/**
 * On the medicine's page, what the verified prescription allows is said beside Add to cart; added, the cart's line
 * carries the directions and what is left. @returns that cart line's note
 */
async function addOnPrescription(page: Page, product: ProductSummary, left: number, directions: string): Promise<Locator> {
  await page.goto(`/pharmacy/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
  const allowance = page.getByText(new RegExp(`^On your prescription: ${left} left, use by `));
  await allowance.waitFor();
  log('product page', await allowance.innerText());
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByText(/added to (your )?cart/i).first().waitFor();
  await page.goto('/cart');
  const line = page.getByRole('note').filter({ hasText: directions }).filter({ hasText: `From your prescription (${left} left)` });
  await line.waitFor();
  log('cart line', (await line.innerText()).trim());
  return line;
}

describe('prescriptions in the browser', () => {
  it('a shopper sends a photo of a paper prescription from the medicine’s page; the pharmacist verifies it; the shopper orders and pays, and My Orders shows the directions', async () => {
    const [product] = await prescriptionMedicines();
    const { name: shopperName, context, page, errors } = await signedInShopper('Imogen');

    // 1. The medicine's page cannot add it without a prescription and says where to add one.
    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await page.getByRole('heading', { name: 'Prescription-only medicine' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Add your prescription' }).click();
    await page.waitForURL((url) => url.pathname === '/prescriptions' && url.searchParams.get('productId') === product._id);
    await page.getByRole('heading', { name: 'My prescriptions' }).waitFor();

    // 2. A photo of the paper prescription, sent for checking: it waits for a pharmacist, linked to that medicine.
    const paper = page.getByRole('form', { name: 'Photo or PDF' });
    await paper.getByLabel('Your paper prescription').setInputFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: tinyPng() });
    await paper.getByRole('button', { name: 'Send for checking' }).click();
    const card = prescriptionCard(page, `Photo or PDF of a paper prescription: ${product.title}`);
    await card.getByText('Waiting for a pharmacist', { exact: true }).waitFor();
    await card.getByRole('link', { name: /View your prescription/ }).waitFor();
    log('My prescriptions after sending', (await card.innerText()).replace(/\s+/g, ' ').trim());

    // 3. The pharmacist sees the photo, records the item, prescriber and date, and approves.
    const staffContext = await newContext(browser);
    const { staff, dialog, approve } = await openPrescriptionCheck(staffContext, shopperName);
    const staffErrors = trackErrors(staff);
    const photo = dialog.getByRole('img', { name: `Photo of ${shopperName}'s prescription, as uploaded` });
    await expectEventually(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), 8); // the private file, served to the pharmacist
    expect(await approve.getByLabel('Medicine').inputValue()).toBe(product._id); // the medicine it was sent from
    const directions = 'Use one when needed, as your doctor showed you. Keep it with you.';
    await approve.getByLabel('Quantity').fill('2');
    await approve.getByLabel('Directions').fill(directions);
    await approve.getByLabel('Repeats allowed').fill('1');
    await approve.getByLabel("Prescriber's name").fill('Dr Helen Okafor');
    await approve.getByLabel('Date written').fill(daysAgo(3));
    await acknowledgeAndApprove(dialog, approve);
    log('admin', 'Prescription verified');
    expect(staffErrors).toEqual([]);
    await staffContext.close();

    // 4. The shopper's card is verified: the item, its directions, what is left and until when.
    await page.reload();
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByText(/^Use by /).waitFor();
    const item = card.getByRole('list', { name: 'Medicines on this prescription' }).getByRole('listitem').filter({ hasText: product.title });
    await item.getByText(directions).waitFor();
    await item.getByText('2 of 2 left').waitFor();
    log('My prescriptions after the check', (await card.innerText()).replace(/\s+/g, ' ').trim());

    // 5. The medicine can now be added, up to what the prescription allows, and the cart carries the directions.
    await addOnPrescription(page, product, 2, directions);

    // 6. Checkout with delivery, paid on the sandbox provider's page.
    await page.getByRole('button', { name: /checkout/i }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await addAddressAtCheckout(page, { fullName: shopperName, line1: '12 Wellington Road', city: 'Bristol', postalCode: 'BS1 4DJ', phone: '+44 117 496 0123' });
    const place = page.getByRole('button', { name: 'Place order and pay' });
    await expectEventually(() => place.isEnabled(), true);
    await place.click();
    const orderId = await approveSandboxPayment(page);
    log('order', shortNumber(orderId));

    // 7. My Orders shows the directions on the order's item; the prescription has one fewer left once it is paid.
    await page.goto('/my-orders');
    await page.getByRole('button', { name: `View details of order ${shortNumber(orderId)}` }).click();
    const order = page.getByRole('dialog', { name: `Order ${shortNumber(orderId)}` });
    await order.getByText(`Directions: ${directions}`).waitFor();
    log('My Orders item', (await order.getByText(`Directions: ${directions}`).innerText()).trim());
    await page.goto('/prescriptions');
    await item.getByText('1 of 2 left').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the demo prescriber issues an electronic prescription; the shopper enters its token; the pharmacist verifies it from its items; the medicine can then be added to the cart', async () => {
    const medicines = await prescriptionMedicines();
    const product = medicines[medicines.length - 1];
    const { name: shopperName, context, page, errors } = await signedInShopper('Tobias');

    // 1. My prescriptions (a sandbox shop) leads to the demo prescriber, which issues a token for the medicine.
    await page.goto('/prescriptions');
    await page.getByRole('heading', { name: 'My prescriptions' }).waitFor();
    await page.getByText('You have no prescriptions yet').waitFor();
    await page.getByRole('link', { name: 'Try the demo prescriber' }).click();
    await page.getByRole('heading', { name: 'Write an electronic prescription' }).waitFor();
    await page.getByRole('note').getByText(/^SANDBOX/).waitFor();
    const directions = 'Apply a thin layer to the affected skin once a day at night.';
    await page.getByLabel("Patient's name").fill(shopperName);
    await page.getByLabel("Prescriber's name").fill('Dr Samuel Reid');
    await page.getByLabel(/^Registration number/).fill('GMC 7012345');
    await page.getByLabel(/^Date written/).fill(daysAgo(2));
    const first = page.getByRole('group', { name: 'Item 1' });
    await first.getByLabel('Medicine').selectOption({ label: product.title });
    await first.getByLabel(/^Quantity/).fill('3');
    await first.getByLabel('Repeats').selectOption('1');
    await first.getByLabel('Directions').fill(directions);
    await page.getByRole('button', { name: 'Issue prescription token' }).click();
    await page.getByRole('heading', { name: 'Prescription token issued' }).waitFor();
    const token = (await page.getByTestId('eprescription-token').innerText()).trim();
    expect(token).toMatch(/^[0-9A-Z]{6}-[0-9A-Z]{6}-[0-9A-Z]{6}$/);
    log('token issued', token);

    // 2. The shopper enters the token (typed without dashes: the field puts them in) and it waits for a pharmacist.
    await page.goto('/prescriptions');
    const electronic = page.getByRole('form', { name: 'Electronic prescription' });
    await electronic.getByLabel('Prescription token').pressSequentially(token.replace(/-/g, '').toLowerCase());
    expect(await electronic.getByLabel('Prescription token').inputValue()).toBe(token);
    await electronic.getByText('Token complete.').waitFor();
    await electronic.getByRole('button', { name: 'Add electronic prescription' }).click();
    const card = prescriptionCard(page, 'Electronic prescription');
    await card.getByText('Waiting for a pharmacist', { exact: true }).waitFor();
    await card.getByText(`Token ${token}`).waitFor();

    // 3. The pharmacist reads the prescriber's items, copies them into the form, and approves.
    const staffContext = await newContext(browser);
    const { staff, dialog, approve } = await openPrescriptionCheck(staffContext, shopperName);
    const staffErrors = trackErrors(staff);
    const written = dialog.getByRole('table', { name: 'Items the prescriber wrote' }).getByRole('row').filter({ hasText: product.title });
    await written.getByText(directions).waitFor();
    await dialog.getByRole('button', { name: 'Copy these items into the form' }).click();
    expect(await approve.getByLabel('Medicine').inputValue()).toBe(product._id);
    expect(await approve.getByLabel('Quantity').inputValue()).toBe('3');
    expect(await approve.getByLabel('Directions').inputValue()).toBe(directions);
    expect(await approve.getByLabel('Repeats allowed').inputValue()).toBe('1');
    expect(await approve.getByLabel("Prescriber's name").inputValue()).toBe('Dr Samuel Reid');
    expect(await approve.getByLabel('Date written').inputValue()).toBe(daysAgo(2));
    await acknowledgeAndApprove(dialog, approve);
    expect(staffErrors).toEqual([]);
    await staffContext.close();

    // 4. Verified for the shopper; the medicine's page allows its quantity and the cart takes it on the prescription.
    await page.reload();
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByText('3 of 3 left').waitFor();
    await card.getByText('Repeats left: 1').waitFor();
    await addOnPrescription(page, product, 3, directions);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, DEMO_PHARMACIST, expectEventually, launch, newContext, PHONE, trackErrors } from '../setup/browser';
import { addAddressAtCheckout, approveSandboxPayment, onDutyAsResponsiblePharmacist, allProducts, dobForAge, type ProductSummary, registerShopper, shortNumber, signIn, signInAfterSignUp, signUp, stockOf, uniqueEmail } from '../setup/journeys';

// Issue 9's journeys: the catalog's safety answer from a health profile typed with suggestions, an order held for
// the pharmacist and rejected with a refund and the stock back, and an age block a 12-year-old cannot get past.
// The key steps are logged (warning text, order states) so a run can be quoted.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const log = (step: string, value: unknown) => console.log(`[safety journey] ${step}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);

/** What an element's aria-describedby points at, as read out after its name. */
const description = (el: Locator) =>
  el.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : ''))
      .join(' '),
  );

/** Types part of a term into a health list and picks the catalog's suggestion, the way the typeahead is meant to be used. */
async function pickSuggestion(scope: Locator, page: Page, list: 'Allergies' | 'Health conditions', typed: string, term: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: list });
  await box.click();
  await box.pressSequentially(typed, { delay: 40 });
  const option = page.getByRole('listbox', { name: `Suggestions for ${list.toLowerCase()}` }).getByRole('option', { name: new RegExp(`^${term}\\b`) }).first();
  await option.waitFor();
  log(`suggestions for "${typed}"`, await page.getByRole('listbox', { name: `Suggestions for ${list.toLowerCase()}` }).getByRole('option').allInnerTexts());
  await option.click();
  await scope.getByRole('list', { name: `Your ${list.toLowerCase()}` }).getByRole('listitem').filter({ hasText: term }).waitFor();
}

/** Opens Edit profile and saves a date of birth (the age checks need one). */
async function saveDateOfBirth(page: Page, dob: string, tap = false): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
  const edit = page.getByRole('button', { name: 'Edit profile' });
  await (tap ? edit.tap() : edit.click());
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Date of birth').fill(dob);
  const save = form.getByRole('button', { name: 'Save changes' });
  await (tap ? save.tap() : save.click());
  await page.getByRole('form', { name: 'Edit profile' }).waitFor({ state: 'detached' });
}


async function findProduct(predicate: (p: ProductSummary) => boolean, what: string): Promise<ProductSummary> {
  const found = (await allProducts(baseUrl())).find(predicate);
  if (!found) throw new Error(`the demo catalog has no ${what}`);
  return found;
}

describe('pharmacy safety journeys in the browser', () => {
  it('a shopper allergic to NSAIDs orders ibuprofen with the acknowledgement; the pharmacist rejects it; the shopper sees it rejected and refunded, and the stock is back', async () => {
    const product = await findProduct((p) => /^Ibuprofen 200mg Tablets$/.test(p.title) && p.totalStock > 0, 'ibuprofen tablets in stock');
    const user = { firstName: 'Priya', lastName: 'Raman', email: uniqueEmail('priya'), password: 'Amber-harbour-31' };
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);

    // 1. Sign up, and at the first sign-in add the allergy from the typeahead: "nsai" offers the class NSAIDs.
    await signUp(page, user);
    await signInAfterSignUp(page, user);
    const step = page.getByRole('form', { name: 'Health profile' });
    await pickSuggestion(step, page, 'Allergies', 'nsai', 'NSAIDs');
    await step.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Health profile saved').first().waitFor();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    // an adult's date of birth: ibuprofen is sold from 12, so without one it could not be added at all
    await saveDateOfBirth(page, dobForAge(34));
    await page.getByRole('list', { name: 'Your allergies' }).getByText('NSAIDs').waitFor(); // the saved profile

    // 2. The product page says the server's reason in plain words; adding is still allowed.
    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Check before you buy' });
    const warning = alert.getByRole('listitem').filter({ hasText: /ibuprofen/i }).filter({ hasText: /allergic to NSAIDs/ });
    await warning.waitFor();
    const warningText = (await warning.innerText()).trim();
    log('product page warning', warningText);
    expect(warningText).toMatch(/contains ibuprofen, an NSAID/i);
    expect(warningText).toMatch(/you told us you are allergic to NSAIDs/i);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByText(/added to (your )?cart/i).first().waitFor();

    // 3. Cart and checkout carry the same warning; the order needs the acknowledgement and says a pharmacist checks it.
    await page.goto('/cart');
    await page.getByRole('note', { name: `Safety warnings for ${product.title}` }).getByText(warningText).waitFor();
    await page.getByRole('button', { name: /checkout/i }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await addAddressAtCheckout(page, { fullName: 'Priya Raman', line1: '7 Canal Street', city: 'Manchester', postalCode: 'M1 3HE', phone: '+44 161 496 0456' });
    const place = page.getByRole('button', { name: 'Place order and pay' });
    expect(await place.isDisabled()).toBe(true); // not without the acknowledgement
    await page.getByRole('checkbox', { name: `I have read the safety warnings for ${product.title} and want to order it anyway.` }).check();
    await page.getByRole('region', { name: 'A pharmacist checks this order' }).getByText('You are confirming safety warnings for your health profile.').waitFor();
    const stockBefore = await stockOf(baseUrl(), product._id);
    await place.click();

    // 4. The sandbox approval page, then back: paid, and waiting for the pharmacist.
    const orderId = await approveSandboxPayment(page);
    await page.getByRole('note').filter({ hasText: 'Awaiting pharmacist review' }).first().waitFor();
    expect(await stockOf(baseUrl(), product._id)).toBe(stockBefore - 1);

    await page.goto('/my-orders');
    const orders = page.getByRole('list', { name: 'Your orders' });
    const mine = orders.getByRole('listitem').filter({ hasText: 'Awaiting pharmacist review' }).first();
    await mine.getByText(/Payment: paid/i).waitFor();
    log('My Orders after payment', (await mine.innerText()).replace(/\s+/g, ' ').trim());

    // 5. The pharmacist finds it under the filter, sees the profile and the acknowledged warning, and rejects it.
    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    const staffErrors = trackErrors(staff);
    await signIn(staff, DEMO_PHARMACIST);
    await onDutyAsResponsiblePharmacist(staff);
    await staff.goto('/admin/orders');
    const filter = staff.getByRole('group', { name: 'Pharmacist review' }).getByRole('button', { name: /^Awaiting pharmacist review \(\d+\)$/ });
    await expectEventually(async () => /\(([1-9]\d*)\)$/.test(await filter.innerText()), true); // the count includes this order
    log('admin filter', await filter.innerText());
    await filter.click();
    await expectEventually(() => filter.getAttribute('aria-pressed'), 'true');
    const table = staff.getByRole('table', { name: 'Orders' });
    const row = table.getByRole('row').filter({ hasText: shortNumber(orderId) });
    await row.getByText('Awaiting pharmacist review').waitFor();
    // every row under the filter is one awaiting review
    await expectEventually(async () => {
      const rows = await table.getByRole('row').filter({ has: staff.getByRole('button', { name: 'View Details' }) }).allInnerTexts();
      return rows.length > 0 && rows.every((r) => r.includes('Awaiting pharmacist review'));
    }, true);
    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Order details' });
    const review = dialog.getByRole('region', { name: 'Pharmacist review' });
    await review.getByRole('heading', { name: 'Health profile' }).waitFor();
    // the shopper's allergy as their profile holds it, beside their date of birth
    const allergies = review.locator('dt', { hasText: /^Allergies$/ }).locator('xpath=following-sibling::dd[1]');
    await allergies.getByText('NSAIDs', { exact: true }).waitFor();
    const profileFacts = await review.locator('dt').evaluateAll((terms) => terms.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`));
    log('admin sees the health profile', profileFacts.slice(0, 4));
    const acknowledged = review.getByRole('list', { name: 'Acknowledged warnings' });
    await acknowledged.getByText(warningText).waitFor();
    log('admin acknowledged warnings', await acknowledged.getByRole('listitem').allInnerTexts());
    log('admin reasons for review', await review.getByRole('list', { name: 'Reasons for review' }).getByRole('listitem').allInnerTexts());
    // while it waits, the status cannot be moved on by hand
    expect(await dialog.getByLabel('Change order status to').isDisabled()).toBe(true);

    const reason = 'Ibuprofen is an NSAID and you are allergic to NSAIDs. Please ask our pharmacist about paracetamol instead.';
    await review.getByLabel(/^Reason for rejecting/).fill(reason);
    await review.getByRole('button', { name: 'Reject order' }).click();
    const confirm = staff.getByRole('dialog', { name: 'Reject this order?' });
    await confirm.getByRole('button', { name: 'Reject and refund' }).click();
    await confirm.waitFor({ state: 'detached' });
    await review.getByText('Rejected by pharmacist').first().waitFor();
    await review.getByText(reason).waitFor();
    await dialog.getByRole('region', { name: 'Payment' }).getByText('Refunded', { exact: true }).waitFor();
    log('admin after rejecting', 'Rejected by pharmacist; payment Refunded');
    expect(staffErrors).toEqual([]);
    await staffContext.close();

    // 6. The shopper sees the rejection, the pharmacist's reason and the refund; the unit is back on sale.
    await page.goto('/my-orders');
    const rejected = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: 'Not approved by our pharmacist' }).first();
    await rejected.getByText(`Pharmacist's reason: ${reason}`).waitFor();
    await rejected.getByText('your payment has been refunded in full.').waitFor();
    await rejected.getByText('Payment: Refunded').waitFor();
    log('My Orders after the rejection', (await rejected.innerText()).replace(/\s+/g, ' ').trim());
    await expectEventually(() => stockOf(baseUrl(), product._id), stockBefore);
    log('stock', { beforeOrder: stockBefore, whileHeld: stockBefore - 1, afterRejection: await stockOf(baseUrl(), product._id) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a pharmacy medicine asks the pharmacist’s questions at checkout, each required; the pharmacist reads the answers and approves, and the order goes on to be prepared', async () => {
    const product = await findProduct((p) => Boolean(p.pharmacyOnly) && !p.requiresPrescription && p.totalStock > 0 && (p.minAge ?? 0) <= 18, 'pharmacy medicine in stock');
    const shopper = await registerShopper(baseUrl(), 'Joel');
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signIn(page, shopper);
    const saved = await context.request.put('/api/account/profile', { headers: { 'x-pharmacy-csrf': '1' }, data: { DOB: dobForAge(41) } });
    expect(saved.status()).toBe(200);

    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await page.getByText('Pharmacy medicine', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByText(/added to (your )?cart/i).first().waitFor();

    await page.goto('/secure/checkout');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await addAddressAtCheckout(page, { fullName: 'Joel Tester', line1: '21 Harbour Row', city: 'Cardiff', postalCode: 'CF10 4PA', phone: '+44 29 2018 0321' });
    const questions = page.getByRole('region', { name: 'Questions from our pharmacist' });
    await page.getByRole('region', { name: 'A pharmacist checks this order' }).getByText('It has a pharmacy medicine.').waitFor();

    // Unanswered, the order cannot be placed: the button is disabled and says why beside it (its description).
    const place = page.getByRole('button', { name: 'Place order and pay' });
    await expectEventually(() => place.isDisabled(), true);
    await expectEventually(async () => (await description(place)).includes('Answer the pharmacist’s questions.'), true);

    const answers: Array<[RegExp, string]> = [
      [/^Who is this medicine for\?/, 'My son'],
      [/^How old are they\?/, '9 years'],
      [/^Do they take any other medicines/, 'None'],
      [/^Do they have any health conditions or allergies/, 'Mild eczema, no allergies'],
    ];
    for (const [label, answer] of answers) await questions.getByRole('textbox', { name: label }).fill(answer);
    await expectEventually(() => place.isEnabled(), true);
    await place.click();
    const orderId = await approveSandboxPayment(page);
    await page.getByRole('note').filter({ hasText: 'Awaiting pharmacist review' }).first().waitFor();

    // The pharmacist reads the answers, with the reason the order is held, and approves with a note.
    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    await signIn(staff, DEMO_PHARMACIST);
    await onDutyAsResponsiblePharmacist(staff);
    await staff.goto('/admin/orders');
    await staff.getByRole('group', { name: 'Pharmacist review' }).getByRole('button', { name: /^Awaiting pharmacist review/ }).click();
    await staff.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: shortNumber(orderId) }).getByRole('button', { name: 'View Details' }).click();
    const review = staff.getByRole('dialog', { name: 'Order details' }).getByRole('region', { name: 'Pharmacist review' });
    await review.getByRole('heading', { name: 'Consultation answers' }).waitFor();
    for (const [, answer] of answers) await review.getByText(answer, { exact: true }).waitFor();
    log('admin reasons for review (pharmacy medicine)', await review.getByRole('list', { name: 'Reasons for review' }).getByRole('listitem').allInnerTexts());
    await review.getByLabel('Note (optional)').fill('Checked: suitable for a 9-year-old at the labelled dose.');
    await review.getByRole('button', { name: 'Approve order' }).click();
    await review.getByText('Approved by pharmacist').first().waitFor();

    // The audit trail shows the decision by the pharmacist's name and role (checkout's entry reaches the trail within seconds).
    const decision = staff
      .getByRole('table', { name: 'Audit trail entries, newest first' })
      .getByRole('row')
      .filter({ hasText: 'order.review.approve' })
      .filter({ hasText: shortNumber(orderId) });
    await expectEventually(async () => {
      await staff.goto('/admin/dashboard?view=audit');
      await staff.getByRole('table', { name: 'Audit trail entries, newest first' }).waitFor();
      return (await decision.count()) > 0;
    }, true);
    const recorded = (await decision.first().innerText()).replace(/\s+/g, ' ');
    log('audit entry of the decision', recorded);
    // the Who cell: the name, then the role the decision was taken under (the name alone also holds "Pharmacist")
    const who = (await decision.first().getByRole('cell').filter({ hasText: 'Priya Pharmacist' }).innerText()).split('\n').map((line) => line.trim()).filter(Boolean);
    expect(who).toEqual(['Priya Pharmacist', 'Pharmacist']);
    await staffContext.close();

    await page.goto('/my-orders');
    const approved = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: 'Approved by our pharmacist' }).first();
    // the order's status words (its timeline says the same at its step)
    await approved.getByText('Being prepared').first().waitFor();
    await approved.getByText(/Payment: paid/i).waitFor();
    log('My Orders after approval', (await approved.innerText()).replace(/\s+/g, ' ').trim());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 375 px touch phone, a 12-year-old cannot add an age-restricted product: the button is disabled with the reason, and the cart refuses it too', async () => {
    const product = await findProduct(
      (p) => (p.minAge ?? 0) >= 16 && !p.requiresPrescription && !p.pharmacyOnly && p.totalStock > 0,
      'age-restricted product sold online',
    );
    const reasonText = `You must be at least ${product.minAge} to buy this.`;
    const user = { firstName: 'Theo', lastName: 'Marsh', email: uniqueEmail('theo'), password: 'Little-comet-2014' };
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = trackErrors(page);

    await signUp(page, user);
    await signInAfterSignUp(page, user);
    await page.getByRole('button', { name: 'Skip for now' }).tap();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    const dob = dobForAge(12);
    await saveDateOfBirth(page, dob, true);
    log('12-year-old date of birth', dob);

    // The product page: the button is there but disabled, and says why.
    await page.goto(`/pharmacy/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    const add = page.getByRole('button', { name: 'Add to cart', exact: true });
    await expectEventually(() => add.isDisabled(), true);
    const describedBy = await add.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const reason = page.locator(`[id="${describedBy}"]`);
    await expectEventually(async () => (await reason.innerText()).trim(), reasonText);
    expect(await reason.isVisible()).toBe(true);
    log(`product page for ${product.title} (minAge ${product.minAge})`, `Add to cart disabled; reason: ${(await reason.innerText()).trim()}`);
    // the page fits the phone: nothing scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The card in the listing says the same, one tap away.
    await page.goto(`/pharmacy/products?q=${encodeURIComponent(product.title)}`);
    const list = page.getByRole('list', { name: 'Products' });
    const cardAdd = list.getByRole('button', { name: `Add to cart: ${product.title}`, exact: true });
    await expectEventually(() => cardAdd.isDisabled(), true);
    // the badge is a disclosure: its words, then the reason once tapped
    const badge = list.locator('summary').filter({ hasText: `for ${product.title}: show why` }).first();
    await badge.getByText('Not for you: age').waitFor();
    await badge.tap();
    await list.getByText(reasonText).first().waitFor({ state: 'visible' });

    // A direct add through the API is refused in the same words.
    const request = page.context().request;
    const me = (await (await request.get('/api/auth/me')).json()) as { user: { _id: string } };
    const res = await request.post('/api/shop/cart/add', {
      headers: { 'x-pharmacy-csrf': '1' },
      data: { userId: me.user._id, productId: product._id, quantity: 1 },
    });
    const body = (await res.json()) as { success: boolean; code: string; message: string };
    log('direct cart add', { status: res.status(), code: body.code, message: body.message });
    expect(res.status()).toBe(422);
    expect(body).toMatchObject({ success: false, code: 'AGE_RESTRICTED' });
    expect(body.message).toContain(reasonText);
    expect(errors).toEqual([]);
    await context.close();
  });
});

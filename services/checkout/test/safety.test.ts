/**
 * The cart and the order take the catalog's one safety answer for the signed-in shopper's stored profile
 * (docs/domain.md#safety): warnings with their reason, pharmacy-only, and age blocks in the same words everywhere.
 * A visitor's quote carries no profile.
 */
import { PRESCRIPTION_REFUSALS, safetyBlockMessage } from '@pharmacy/contracts';
import { createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};
const add = (userId: string, productId: string, quantity = 1) =>
  h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(userId), payload: { userId, productId, quantity } });
const update = (userId: string, productId: string, quantity: number) =>
  h.app.inject({ method: 'PUT', url: '/api/shop/cart/update-cart', headers: h.as(userId), payload: { userId, productId, quantity } });
const cartOf = async (userId: string) => (await h.app.inject({ url: `/api/shop/cart/get/${userId}`, headers: h.as(userId) })).json().data;
const merge = (userId: string, items: object[]) => h.app.inject({ method: 'POST', url: '/api/shop/cart/merge', headers: h.as(userId), payload: { items } });

describe('age', () => {
  test('a signed-in shopper under the minimum age cannot add the product: 422 AGE_RESTRICTED with the catalog’s words, the cart unchanged', async () => {
    h.profiles.set('u-12', { allergies: [], healthConditions: [], DOB: yearsAgo(12) });
    const plasters = await h.addProduct({ title: 'Plasters' });
    const strong = await h.addProduct({ title: 'Nicotine gum', minAge: 18 });
    expect((await add('u-12', plasters, 2)).statusCode).toBe(200);
    const refused = await add('u-12', strong);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, code: 'AGE_RESTRICTED', message: safetyBlockMessage('UNDER_AGE', 18) });
    const cart = await cartOf('u-12');
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[plasters, 2]]);
    expect(await h.stockOf(strong)).toBe(100);
  });

  test('without a date of birth the shopper is asked for it; with one old enough the product goes in', async () => {
    h.profiles.set('u-nodob', { allergies: [], healthConditions: [], DOB: null });
    h.profiles.set('u-adult', { allergies: [], healthConditions: [], DOB: yearsAgo(30) });
    const strong = await h.addProduct({ minAge: 16 });
    const refused = await add('u-nodob', strong);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'AGE_RESTRICTED', message: safetyBlockMessage('NO_DOB', 16) });
    expect(refused.json().message).toMatch(/date of birth/);
    expect((await cartOf('u-nodob')).items).toEqual([]);
    expect((await add('u-adult', strong)).statusCode).toBe(200);
  });

  test('a visitor’s cart merged at sign-in keeps an age-restricted line, marked with the same problem, and checkout refuses it with the same words', async () => {
    h.profiles.set('u-teen', { allergies: [], healthConditions: [], DOB: yearsAgo(15) });
    const strong = await h.addProduct({ title: 'Sleep aid', minAge: 18 });
    const other = await h.addProduct({ title: 'Lip balm' });
    // As a visitor the cart is priced without a profile: no problem shown yet.
    const visitor = await h.app.inject({ method: 'POST', url: '/api/shop/cart/quote', payload: { items: [{ productId: strong, quantity: 1 }] } });
    expect(visitor.json().data.items[0]).toMatchObject({ available: true, warnings: [], safety: [] });
    expect(visitor.json().data.items[0].problem).toBeUndefined();

    const merged = await merge('u-teen', [{ productId: strong, quantity: 1 }, { productId: other, quantity: 1 }]);
    expect(merged.statusCode).toBe(200);
    const cart = merged.json().data;
    expect(cart.items.find((i: { productId: string }) => i.productId === strong)).toMatchObject({
      quantity: 1,
      problem: safetyBlockMessage('UNDER_AGE', 18),
      problemCode: 'UNDER_AGE',
    });
    expect(cart.items.find((i: { productId: string }) => i.productId === other).problemCode).toBeUndefined();
    expect(cart.canCheckout).toBe(false);
    expect((await update('u-teen', strong, 2)).json()).toMatchObject({ code: 'AGE_RESTRICTED' });

    const addressId = await prepareShopper(h, 'u-teen', []);
    const order = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('u-teen'), payload: { addressId } });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'AGE_RESTRICTED', message: `Sleep aid: ${safetyBlockMessage('UNDER_AGE', 18)}` });
    expect(await h.stockOf(strong)).toBe(100);
    expect(await h.stockOf(other)).toBe(100);
  });

  test('a merged line waiting for a date of birth says so as a field (NO_DOB), so the cart can ask for it; once given, the line can be ordered', async () => {
    h.profiles.set('u-newcomer', { allergies: [], healthConditions: [], DOB: null });
    const strong = await h.addProduct({ title: 'Painkiller', minAge: 16 });
    const cart = (await merge('u-newcomer', [{ productId: strong, quantity: 1 }])).json().data;
    expect(cart.items[0]).toMatchObject({ problem: safetyBlockMessage('NO_DOB', 16), problemCode: 'NO_DOB' });
    expect(cart.canCheckout).toBe(false);

    h.profiles.set('u-newcomer', { allergies: [], healthConditions: [], DOB: yearsAgo(30) });
    const after = await cartOf('u-newcomer');
    expect(after.items[0].problem).toBeUndefined();
    expect(after.items[0].problemCode).toBeUndefined();
    expect(after.canCheckout).toBe(true);
  });

  test('with the account service unreachable an age-restricted product waits (503) rather than slipping in; others still go in', async () => {
    const strong = await h.addProduct({ minAge: 18 });
    const plain = await h.addProduct();
    h.profiles.set('u-flaky', { allergies: [], healthConditions: [], DOB: yearsAgo(40) });
    const real = h.profiles.get.bind(h.profiles);
    h.profiles.get = (id: string) => {
      if (id === 'u-flaky') throw new Error('account service down');
      return real(id);
    };
    try {
      const refused = await add('u-flaky', strong);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect((await add('u-flaky', plain)).statusCode).toBe(200);
    } finally {
      h.profiles.get = real;
    }
    expect((await add('u-flaky', strong)).statusCode).toBe(200);
  });
});

describe('warnings and pharmacy medicines', () => {
  test('the cart shows the catalog’s warnings for the stored profile (messages and fields), and flags pharmacy medicines for the consultation', async () => {
    h.profiles.set('u-nsaid', { allergies: ['Ibuprofen'], healthConditions: [], DOB: yearsAgo(40) });
    const ibu = await h.addProduct({ title: 'Ibuprofen 200mg', activeIngredients: ['Ibuprofen'] });
    const pom = await h.addProduct({ title: 'Pharmacy cough syrup', pharmacyOnly: true });
    await add('u-nsaid', ibu);
    await add('u-nsaid', pom);
    const cart = await cartOf('u-nsaid');
    const line = cart.items.find((i: { productId: string }) => i.productId === ibu);
    expect(line.safety).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'allergy', profileTerm: 'Ibuprofen', message: expect.stringMatching(/ibuprofen/i) })]));
    expect(line.warnings).toEqual(line.safety.map((w: { message: string }) => w.message));
    expect(line.pharmacyOnly).toBe(false);
    expect(cart.items.find((i: { productId: string }) => i.productId === pom)).toMatchObject({ pharmacyOnly: true, warnings: [] });
    expect(cart).toMatchObject({ hasWarnings: true, needsConsultation: true, canCheckout: true });

    // The order asks to acknowledge exactly those words and keeps them.
    const addressId = await prepareShopper(h, 'u-nsaid', []);
    const refused = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as('u-nsaid'), payload: { addressId } });
    expect(refused.json()).toMatchObject({ code: 'SAFETY_ACK_REQUIRED' });
    expect(refused.json().message).toContain(`Ibuprofen 200mg: ${line.warnings[0]}`);
  });

  test('a visitor’s quote carries no profile: no warnings, and no pharmacy-only question asked yet beyond the flag', async () => {
    const ibu = await h.addProduct({ title: 'Ibuprofen 400mg', activeIngredients: ['Ibuprofen'], pharmacyOnly: true });
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/cart/quote', payload: { items: [{ productId: ibu, quantity: 1 }] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ hasWarnings: false, needsConsultation: true, items: [{ warnings: [], safety: [], pharmacyOnly: true }] });
  });

  test('a prescription-only product without a prescription says what to do and never reaches a cart', async () => {
    const rx = await h.addProduct({ requiresPrescription: true, title: 'Amoxicillin' });
    const res = await add('u-rx', rx);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'PRESCRIPTION_NEEDED', message: `Amoxicillin: ${PRESCRIPTION_REFUSALS.PRESCRIPTION_NEEDED}` });
    expect((await cartOf('u-rx')).items).toEqual([]);
  });
});

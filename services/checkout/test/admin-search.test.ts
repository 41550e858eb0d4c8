/**
 * Staff search orders (GET /api/admin/orders/get?q=) by order number (with or without '#', any case, from 4
 * characters), by the customer's name on the order, or by email (the account service names the users; checkout
 * keeps no emails, so an erased account's orders are no longer found by it). The text is matched literally.
 */
import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import { createHarness, prepareShopper, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const search = (q: string, extra = '') =>
  h.app.inject({ method: 'GET', url: `/api/admin/orders/get?q=${encodeURIComponent(q)}${extra}`, headers: h.as('staff-1', true) });
const found = async (q: string, extra = '') => {
  const res = await search(q, extra);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ _id: string }>).map((o) => o._id).sort();
};

async function orderFor(userId: string, fullName: string): Promise<string> {
  const p = await h.addProduct({ price: 5, totalStock: 50 });
  await prepareShopper(h, userId, [{ productId: p, quantity: 1 }]);
  // prepareShopper's address is Ada Lovelace's: this shopper gets their own.
  const address = await h.app.inject({
    method: 'POST', url: '/api/shop/address/add', headers: h.as(userId),
    payload: { fullName, line1: '2 Side Street', city: 'Leeds', postalCode: 'LS1 4AB', phone: '+44 113 496 0000' },
  });
  const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId: address.json().data._id } });
  expect(res.statusCode).toBe(200);
  return res.json().data.orderId;
}

let grace: string;
let alan: string;
let alanAgain: string;
beforeAll(async () => {
  grace = await orderFor('u-grace', 'Grace Hopper');
  alan = await orderFor('u-alan', 'Alan Turing');
  alanAgain = await orderFor('u-alan', 'Alan Turing');
  h.emails.set('u-grace', 'grace.hopper@example.com');
  h.emails.set('u-alan', 'alan@bletchley.example');
});

test('by order number: with or without #, any case, the whole number or a prefix of at least 4 characters', async () => {
  const number = `#${grace.slice(0, 8).toUpperCase()}`;
  expect(await found(number)).toEqual([grace]);
  expect(await found(number.slice(1).toLowerCase())).toEqual([grace]);
  expect(await found(` ${number.slice(0, 5)} `)).toContain(grace);
  // Three characters are not an order number (they would match a sixteenth of all orders).
  // (Alan's name and email hold no three hex digits in a row, so only a number match could find his order.)
  expect(await found(alan.slice(0, 3))).not.toContain(alan);
  expect(await found(alan.slice(0, 4))).toContain(alan);
});

test('by the name on the order, any case, part of it', async () => {
  expect(await found('alan tur')).toEqual([alan, alanAgain].sort());
  expect(await found('HOPPER')).toEqual([grace]);
  expect(await found('Nobody Here')).toEqual([]);
});

test('by email, through the account service', async () => {
  expect(await found('grace.hopper@example.com')).toEqual([grace]);
  expect(await found('BLETCHLEY')).toEqual([alan, alanAgain].sort());
});

test('with the other filters, and paged', async () => {
  expect(await found('alan', '&status=pending')).toEqual([alan, alanAgain].sort());
  expect(await found('alan', '&status=confirmed')).toEqual([]);
  const page = (await search('alan', '&limit=1')).json();
  expect(page).toMatchObject({ total: 2, limit: 1 });
});

test('pattern characters are text, never a pattern; too long or control characters are refused', async () => {
  expect(await found('.*')).toEqual([]);
  expect(await found('(')).toEqual([]);
  expect(await found('^A')).toEqual([]);
  expect((await search('x'.repeat(101))).statusCode).toBe(400);
  expect((await search('a\u0000b')).statusCode).toBe(400);
  expect((await search('')).statusCode).toBe(400);
  expect((await h.app.inject({ url: '/api/admin/orders/get?q=alan', headers: h.as('u-alan') })).statusCode).toBe(403);
});

test('after the account is erased its orders are found by neither name nor email', async () => {
  const erased = await h.app.inject({ method: 'POST', url: '/internal/checkout/users/u-grace/erase', headers: { [INTERNAL_HEADER]: h.internalToken } });
  expect(erased.statusCode).toBe(200);
  // The account service deleted the user: it no longer knows the email.
  h.emails.delete('u-grace');
  expect(await found('Grace Hopper')).toEqual([]);
  expect(await found('grace.hopper@example.com')).toEqual([]);
  // Still found by number: the pharmacy's record stays.
  expect(await found(grace.slice(0, 8))).toEqual([grace]);
});

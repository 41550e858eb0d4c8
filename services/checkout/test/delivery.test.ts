/**
 * Delivery and totals (docs/domain.md#delivery-and-totals): the options answer, each method's fee and the free
 * threshold, collect's pharmacy, cart totals that leave out blocked lines, and what an order keeps and the payment
 * provider is asked for. Prices include tax: totals say how much of them is tax.
 */
import { CheckoutErrorCodes, MARKETS, deliveryFeeCents, taxIncludedCents } from '@pharmacy/contracts';
import { createSandboxProvider } from '../src/payments/providers/sandbox';
import type { CreatePaymentInput } from '../src/payments/port';
import { approveSandbox, createHarness, ORIGIN, prepareShopper, type Harness } from './harness';

let h: Harness;
const asked: CreatePaymentInput[] = [];
beforeAll(async () => {
  h = await createHarness({
    payments: (store) => {
      const sandbox = createSandboxProvider({ store, publicOrigin: ORIGIN });
      return { ...sandbox, createPayment: (input) => (asked.push(input), sandbox.createPayment(input)) };
    },
  });
});
afterAll(() => h.close());

const cart = (userId: string, query = '') => h.app.inject({ method: 'GET', url: `/api/shop/cart/get/${userId}${query}`, headers: h.as(userId) });
const create = (userId: string, addressId: string, extra: object = {}) =>
  h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId, ...extra } });
const details = async (userId: string, orderId: string) => (await h.app.inject({ url: `/api/shop/order/details/${orderId}`, headers: h.as(userId) })).json().data;

describe('GET /api/shop/delivery/options', () => {
  test('public and cacheable: currency, threshold, tax rate, the three methods with fees and the pharmacies', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/shop/delivery/options' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const data = res.json().data;
    expect(data).toMatchObject({ currency: 'GBP', freeDeliveryOver: 30, freeDeliveryOverCents: 3000, taxRatePercent: 20 });
    expect(data.methods).toEqual([
      { method: 'standard', label: 'Standard delivery', description: '2-4 working days', fee: 3.99, feeCents: 399, freeOver: 30, freeOverCents: 3000 },
      { method: 'express', label: 'Express delivery', description: expect.any(String), fee: 7.99, feeCents: 799 },
      { method: 'collect', label: 'Click and collect', description: expect.any(String), fee: 0, feeCents: 0 },
    ]);
    expect(data.pharmacies).toEqual(MARKETS.GB.pharmacies);
    for (const p of data.pharmacies) {
      expect(p).toEqual({ id: expect.stringMatching(/^[a-z0-9-]+$/), name: expect.any(String), address: expect.stringMatching(/ [A-Z]{1,2}[0-9][0-9A-Z]? [0-9][A-Z]{2}$/), openingHours: expect.arrayContaining([expect.any(String)]) });
    }
    expect((await h.app.inject({ method: 'GET', url: '/api/shop/delivery/options?x=1' })).statusCode).toBe(400);
  });

  test('the market changes currency, fees, threshold, tax and pharmacies once, for the options, every total and order', async () => {
    const ie = await createHarness({ deps: { market: MARKETS.IE } });
    try {
      const data = (await ie.app.inject({ method: 'GET', url: '/api/shop/delivery/options' })).json().data;
      expect(data).toMatchObject({ currency: 'EUR', freeDeliveryOver: 40, taxRatePercent: 23 });
      expect(data.methods.map((m: { feeCents: number }) => m.feeCents)).toEqual([450, 995, 0]);
      expect(data.pharmacies.map((p: { id: string }) => p.id)).toEqual(['grafton-street', 'patrick-street']);
      const p = await ie.addProduct({ price: 30, totalStock: 5 });
      const addressId = await prepareShopper(ie, 'u-eur', [{ productId: p, quantity: 1 }], {
        fullName: 'Aoife Byrne', line1: '80 Saint Patrick Street', city: 'Cork', region: 'Cork', postalCode: 'T12 K8AF', phone: '021 123 4567',
      });
      const totals = (await ie.app.inject({ url: '/api/shop/cart/get/u-eur', headers: ie.as('u-eur') })).json().data.totals;
      expect(totals).toEqual({ subtotal: 30, delivery: 4.5, total: 34.5, taxIncluded: 6.45, taxRatePercent: 23, currency: 'EUR', deliveryMethod: 'standard', amountToFreeDelivery: 10, excludedLines: 0 });
      const { orderId, approvalURL } = (await ie.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: ie.as('u-eur'), payload: { addressId } })).json().data;
      const order = (await ie.app.inject({ url: `/api/shop/order/details/${orderId}`, headers: ie.as('u-eur') })).json().data;
      expect(order).toMatchObject({ currency: 'EUR', totalAmount: 34.5, taxRatePercent: 23, address: { region: 'Cork', postalCode: 'T12 K8AF', country: 'IE' } });
      expect((await ie.app.inject({ method: 'GET', url: new URL(approvalURL).pathname })).body).toContain('€34.50');
      // the other market's pharmacies are not this one's
      const collect = await ie.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: ie.as('u-eur'), payload: { addressId, delivery: { method: 'collect', pharmacyId: 'riverside' } } });
      expect(collect.statusCode).toBe(422);
    } finally {
      await ie.close();
    }
  });
});

describe('fees and the free-delivery threshold', () => {
  test('standard just under, at and over the threshold; express always; collect free', () => {
    const fees = MARKETS.GB.delivery;
    const { freeDeliveryOverCents: free, standardFeeCents, expressFeeCents } = fees;
    expect(deliveryFeeCents('standard', free - 1, fees)).toBe(standardFeeCents);
    expect(deliveryFeeCents('standard', free, fees)).toBe(0);
    expect(deliveryFeeCents('standard', free + 1, fees)).toBe(0);
    expect(deliveryFeeCents('express', free + 1, fees)).toBe(expressFeeCents);
    expect(deliveryFeeCents('collect', 1, fees)).toBe(0);
    // 20% VAT included in 12.00 is 2.00.
    expect(taxIncludedCents(1200, MARKETS.GB.tax.ratePercent)).toBe(200);
    expect(taxIncludedCents(1200, 0)).toBe(0);
  });

  test('the cart answers totals for the method asked for, from the server', async () => {
    const p = await h.addProduct({ price: 29.99, totalStock: 10 });
    await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-fees'), payload: { productId: p, quantity: 1 } });
    expect((await cart('u-fees')).json().data.totals).toEqual({
      subtotal: 29.99, delivery: 3.99, total: 33.98, taxIncluded: 5.66, taxRatePercent: 20, currency: 'GBP', deliveryMethod: 'standard', amountToFreeDelivery: 0.01, excludedLines: 0,
    });
    expect((await cart('u-fees', '?delivery=express')).json().data.totals).toMatchObject({ delivery: 7.99, total: 37.98, deliveryMethod: 'express' });
    expect((await cart('u-fees', '?delivery=collect&pharmacyId=high-street')).json().data.totals).toMatchObject({ delivery: 0, total: 29.99, deliveryMethod: 'collect' });
    expect((await cart('u-fees', '?delivery=express')).json().data.totals.amountToFreeDelivery).toBeUndefined();

    // At the threshold standard delivery is free.
    await h.app.inject({ method: 'PUT', url: '/api/shop/cart/update-cart?delivery=standard', headers: h.as('u-fees'), payload: { productId: p, quantity: 2 } });
    expect((await cart('u-fees')).json().data.totals).toMatchObject({ subtotal: 59.98, delivery: 0, total: 59.98, amountToFreeDelivery: 0 });

    // Every cart call takes the method; a method that does not exist is refused.
    const quote = await h.app.inject({ method: 'POST', url: '/api/shop/cart/quote?delivery=express', payload: { items: [{ productId: p, quantity: 1 }] } });
    expect(quote.json().data.totals).toMatchObject({ subtotal: 29.99, delivery: 7.99, total: 37.98 });
    expect((await cart('u-fees', '?delivery=drone')).statusCode).toBe(400);
    expect((await cart('u-fees', '?delivery=collect&pharmacyId=%24where')).statusCode).toBe(400);
  });

  test('an empty cart costs nothing, delivery included', async () => {
    expect((await cart('u-empty')).json().data.totals).toMatchObject({ subtotal: 0, delivery: 0, total: 0, taxIncluded: 0 });
  });
});

describe('blocked lines are left out of the totals, each with its reason beside it', () => {
  test('an unavailable line keeps its problem and is not counted; the subtotal is what can be ordered', async () => {
    const fine = await h.addProduct({ price: 1.29, totalStock: 10 });
    const soon = await h.addProduct({ price: 5, totalStock: 3 });
    await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-blocked'), payload: { productId: fine, quantity: 1 } });
    await h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as('u-blocked'), payload: { productId: soon, quantity: 1 } });
    await h.app.inject({ method: 'POST', url: `/api/admin/products/${soon}/stock`, headers: h.as('admin', true), payload: { delta: -3, reason: 'damaged' } });

    const data = (await cart('u-blocked')).json().data;
    expect(data.items.find((i: { productId: string }) => i.productId === soon)).toMatchObject({ available: false, problem: 'Out of stock.', lineTotal: 5 });
    expect(data.totals).toMatchObject({ subtotal: 1.29, delivery: 3.99, total: 5.28, excludedLines: 1 });
    expect(data.canCheckout).toBe(false);

    // Only blocked lines: nothing to pay, and the reason is on the line, not a bare £0.00.
    await h.app.inject({ method: 'DELETE', url: `/api/shop/cart/u-blocked/${fine}`, headers: h.as('u-blocked') });
    const only = (await cart('u-blocked')).json().data;
    expect(only.totals).toMatchObject({ subtotal: 0, delivery: 0, total: 0, excludedLines: 1 });
    expect(only.items[0].problem).toBe('Out of stock.');
  });
});

describe('orders keep their delivery, totals and tax; the provider is asked for the total', () => {
  test('express: subtotal + fee is the total the provider is asked for, with the order number in its description', async () => {
    const p = await h.addProduct({ price: 12.5, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-express', [{ productId: p, quantity: 2 }]);
    const res = await create('u-express', addressId, { delivery: { method: 'express' } });
    expect(res.statusCode).toBe(200);
    const { orderId } = res.json().data;
    const order = await details('u-express', orderId);
    expect(order).toMatchObject({
      orderNumber: `#${orderId.slice(0, 8).toUpperCase()}`,
      subtotal: 25, deliveryFee: 7.99, totalAmount: 32.99, taxIncluded: 5.5, taxRatePercent: 20, currency: 'GBP',
      delivery: { method: 'express', label: 'Express delivery', fee: 7.99, pharmacy: null },
    });
    const payment = asked.find((a) => a.orderId === orderId)!;
    expect(payment).toMatchObject({ amountCents: 3299, currency: 'GBP' });
    expect(payment.description).toBe(`Pharmacy & Care order ${order.orderNumber} (£32.99)`);
  });

  test('no delivery sent (an older client): standard, free over the threshold', async () => {
    const p = await h.addProduct({ price: 15, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-old-client', [{ productId: p, quantity: 2 }]);
    const { orderId } = (await create('u-old-client', addressId)).json().data;
    expect(await details('u-old-client', orderId)).toMatchObject({ subtotal: 30, deliveryFee: 0, totalAmount: 30, delivery: { method: 'standard', fee: 0 } });
  });

  test('click and collect needs one of the pharmacies, and the order keeps a copy of it', async () => {
    const p = await h.addProduct({ price: 4, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-collect', [{ productId: p, quantity: 1 }]);
    const none = await create('u-collect', addressId, { delivery: { method: 'collect' } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ success: false, message: expect.stringMatching(/pharmacy/) });
    expect((await create('u-collect', addressId, { delivery: { method: 'collect', pharmacyId: 'nowhere' } })).statusCode).toBe(422);
    expect((await create('u-collect', addressId, { delivery: { method: 'collect', pharmacyId: 'riverside', extra: 1 } })).statusCode).toBe(400);
    expect((await create('u-collect', addressId, { delivery: { method: 'teleport' } })).statusCode).toBe(400);
    // Nothing was ordered or held by the refusals.
    expect(await h.stockOf(p)).toBe(10);

    const ok = await create('u-collect', addressId, { delivery: { method: 'collect', pharmacyId: 'riverside' } });
    expect(ok.statusCode).toBe(200);
    const order = await details('u-collect', ok.json().data.orderId);
    expect(order).toMatchObject({ subtotal: 4, deliveryFee: 0, totalAmount: 4, delivery: { method: 'collect', label: 'Click and collect', fee: 0, pharmacy: { id: 'riverside', name: expect.stringMatching(/Riverside/), address: expect.any(String) } } });
  });

  test('a paid order keeps its totals; the sandbox page shows the amount with delivery', async () => {
    const p = await h.addProduct({ price: 10, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-paid-totals', [{ productId: p, quantity: 1 }]);
    const { orderId, approvalURL } = (await create('u-paid-totals', addressId, { delivery: { method: 'standard' } })).json().data;
    const page = await h.app.inject({ method: 'GET', url: new URL(approvalURL).pathname });
    expect(page.body).toContain('£13.99');
    const approved = await approveSandbox(h, approvalURL);
    const paid = (await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as('u-paid-totals'), payload: { ...approved, orderId } })).json().data;
    expect(paid).toMatchObject({ paymentStatus: 'paid', subtotal: 10, deliveryFee: 3.99, totalAmount: 13.99, taxIncluded: 2.33 });
  });
});

describe('the delivery area', () => {
  const belfast = { fullName: 'Niamh Kelly', line1: '5 Donegall Square', city: 'Belfast', postalCode: 'BT1 5GS', phone: '028 9018 0123' };

  test('an address outside it is refused for delivery with what to do instead, and can still collect', async () => {
    const p = await h.addProduct({ price: 8, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-belfast', [{ productId: p, quantity: 1 }], belfast);
    for (const method of ['standard', 'express']) {
      const refused = await create('u-belfast', addressId, { delivery: { method } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        success: false,
        code: CheckoutErrorCodes.OUTSIDE_DELIVERY_AREA,
        message: 'We cannot deliver to Northern Ireland (postcodes starting BT). We deliver to England, Scotland and Wales: choose click and collect, or another address.',
      });
    }
    expect(await h.stockOf(p)).toBe(10);
    const collected = await create('u-belfast', addressId, { delivery: { method: 'collect', pharmacyId: 'station' } });
    expect(collected.statusCode).toBe(200);
  });

  test('an address saved before the rule, with a postcode that is not a UK one, is refused for delivery', async () => {
    const p = await h.addProduct({ price: 8, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-old-zip', [{ productId: p, quantity: 1 }]);
    await h.store.collection('addresses').updateOne({ _id: addressId }, { $set: { postalCode: '62704' } });
    const refused = await create('u-old-zip', addressId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('We cannot deliver to this address: "62704" is not a postcode we know. Edit the address, or choose click and collect, or another address.');
  });
});

describe('orders from before delivery methods and stored numbers', () => {
  test('read as standard with no fee, subtotal = total, the tax at the current rate and the number from the id', async () => {
    const p = await h.addProduct({ price: 6, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-legacy', [{ productId: p, quantity: 2 }]);
    const { orderId } = (await create('u-legacy', addressId)).json().data;
    // Strip the order back to what an older build wrote.
    await h.store.collection('orders').updateOne(
      { _id: orderId },
      { $set: { totalCents: 1200 }, $unset: { orderNumber: true, subtotalCents: true, delivery: true, taxIncludedCents: true, taxRatePercent: true } },
    );
    const order = await details('u-legacy', orderId);
    expect(order).toMatchObject({
      orderNumber: `#${orderId.slice(0, 8).toUpperCase()}`,
      subtotal: 12, deliveryFee: 0, totalAmount: 12, taxIncluded: 2, taxRatePercent: 20,
      delivery: { method: 'standard', label: 'Standard delivery', fee: 0, pharmacy: null },
    });
    expect(order.closedReason).toBeUndefined();
  });

  test('an order whose address copy has an older version’s fields shows it in today’s shape', async () => {
    const p = await h.addProduct({ price: 6, totalStock: 10 });
    const addressId = await prepareShopper(h, 'u-old-copy', [{ productId: p, quantity: 1 }]);
    const { orderId } = (await create('u-old-copy', addressId)).json().data;
    const old = { addressId, fullName: 'Ada Lovelace', addressLine: '1 Main Street', city: 'London', postalCode: 'N1 9GU', phone: '+44 20 7946 0000', notes: '' };
    await h.store.collection('orders').updateOne({ _id: orderId }, { $set: { address: old } });
    expect((await details('u-old-copy', orderId)).address).toEqual({
      addressId, fullName: 'Ada Lovelace', line1: '1 Main Street', line2: '', city: 'London', region: '', postalCode: 'N1 9GU', country: 'GB', phone: '+44 20 7946 0000', notes: '',
    });
  });
});

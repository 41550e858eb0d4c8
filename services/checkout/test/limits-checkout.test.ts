/**
 * Supply limits where checkout applies them (docs/domain.md#supply-limits): cart add, order create and capture answer
 * one 422 SUPPLY_LIMIT with the rule's sentence; windows count per person and per address; a race past a window
 * limit lets one order through; a stop between the two windows' writes counts too much, never too little, and the
 * sweep tidies it; a closed order gives its entry back.
 */
import { NO_RESPONSIBLE_PHARMACIST } from '@pharmacy/contracts';
import type { Doc, DocumentStore } from '@pharmacy/db';
import { memoryAuditSink } from '@pharmacy/service-kit';
import { createWindowLedger, personKey, addressKey, type WindowDoc } from '../src/limits/ledger';
import { limitRules } from '../src/limits/table';
import { UK_ADDRESS, approveSandbox, createHarness, payOrder, prepareShopper, type Harness } from './harness';

let h: Harness;
const audit = memoryAuditSink();
beforeAll(async () => {
  h = await createHarness({ deps: { audit } });
});
afterAll(() => h.close());

const paracetamol = (units: number) => h.addProduct({ activeIngredients: ['Paracetamol 500mg'], packSize: `${units} tablets`, dosageForm: 'Tablets', maxPerOrder: 5 });
const codeine = () => h.addProduct({ activeIngredients: ['Codeine phosphate 8mg', 'Paracetamol 500mg'], packSize: '16 tablets', dosageForm: 'Tablets', maxPerOrder: 5 });
const add = (userId: string, productId: string, quantity: number) =>
  h.app.inject({ method: 'POST', url: '/api/shop/cart/add', headers: h.as(userId), payload: { userId, productId, quantity } });
const create = (userId: string, addressId: string) => h.app.inject({ method: 'POST', url: '/api/shop/order/create', headers: h.as(userId), payload: { addressId } });
const windows = () => h.store.collection<WindowDoc>('supply_windows');
const entriesOn = async (key: string) => (await windows().findOne({ _id: key }))?.entries.map((e) => e.orderId) ?? [];

describe('cart add', () => {
  it('refuses the add that takes the cart past the law, with the sentence, and keeps the cart as it was', async () => {
    const user = 'u-lim-cart';
    const a = await paracetamol(64);
    const b = await paracetamol(48);
    expect((await add(user, a, 1)).statusCode).toBe(200);
    const res = await add(user, b, 1);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, code: 'SUPPLY_LIMIT', message: 'You can buy up to 100 paracetamol tablets in one order; your cart has 112.' });
    const cart = await h.app.inject({ method: 'GET', url: `/api/shop/cart/get/${user}`, headers: h.as(user) });
    expect(cart.json().data.items.map((i: { productId: string }) => i.productId)).toEqual([a]);
  });

  it('counts the line as it would be after the add: 2 packs pass, the third is refused by the policy', async () => {
    const user = 'u-lim-packs';
    const a = await paracetamol(16);
    expect((await add(user, a, 2)).statusCode).toBe(200);
    const res = await add(user, a, 1);
    expect(res.json()).toMatchObject({ code: 'SUPPLY_LIMIT', message: 'You can buy up to 2 packs of paracetamol or aspirin medicines in one order; your cart has 3.' });
  });
});

describe('windows per person and per address', () => {
  it('two accounts ordering to one address are counted together; a closed order gives its packs back', async () => {
    await windows().deleteMany({});
    const c = await codeine();
    const address = { ...UK_ADDRESS, line1: '7 Shared Lane', postalCode: 'SW1A 1AA' };
    const first = await create('u-lim-a', await prepareShopper(h, 'u-lim-a', [{ productId: c, quantity: 2 }], address));
    expect(first.statusCode).toBe(200);
    // The same door written another way, from another account.
    const again = { ...address, line1: '7  shared lane', postalCode: 'sw1a1aa' };
    const second = await create('u-lim-b', await prepareShopper(h, 'u-lim-b', [{ productId: c, quantity: 1 }], again));
    expect(second.json()).toMatchObject({
      code: 'SUPPLY_LIMIT',
      message: 'We can send up to 2 packs of codeine medicines to one address in 14 days; with this order it would be 3.',
    });
    // The second shopper's own window took nothing from the refused order.
    expect(await entriesOn(personKey('u-lim-b'))).toEqual([]);

    // The first shopper cancels: the address is free again.
    const cancel = await h.app.inject({ method: 'POST', url: '/api/shop/order/cancel', headers: h.as('u-lim-a'), payload: { orderId: first.json().data.orderId } });
    expect(cancel.statusCode).toBe(200);
    expect(await entriesOn(addressKey(address))).toEqual([]);
    const addresses = await h.app.inject({ method: 'GET', url: '/api/shop/address/get/u-lim-b', headers: h.as('u-lim-b') });
    expect((await create('u-lim-b', addresses.json().data[0]._id)).statusCode).toBe(200);
  });

  it('the person is counted at cart add too: a shopper with two packs this fortnight cannot add a third', async () => {
    await windows().deleteMany({});
    const c = await codeine();
    const placed = await create('u-lim-p', await prepareShopper(h, 'u-lim-p', [{ productId: c, quantity: 2 }], { ...UK_ADDRESS, line1: '9 Solo Road' }));
    expect(placed.statusCode).toBe(200);
    await payOrder(h, 'u-lim-p', placed.json().data);
    const res = await add('u-lim-p', c, 1);
    expect(res.json()).toMatchObject({ code: 'SUPPLY_LIMIT', message: 'You can buy up to 2 packs of codeine medicines in 14 days; with this order you would have 3.' });
  });
});

describe('capture', () => {
  it('checks the sale again before money moves', async () => {
    const user = 'u-lim-capture';
    const a = await paracetamol(16);
    const addressId = await prepareShopper(h, user, [{ productId: a, quantity: 2 }], { ...UK_ADDRESS, line1: '3 Capture Close' });
    const order = (await create(user, addressId)).json().data as { orderId: string; approvalURL: string };
    const { paymentId, payerId } = await approveSandbox(h, order.approvalURL);
    // The order as stored now holds more than the law allows (as if the table had tightened since it was placed).
    await h.store.collection('orders').updateOne({ _id: order.orderId }, { $set: { 'items.0.supply.units': 51 } });
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/order/capture', headers: h.as(user), payload: { paymentId, payerId, orderId: order.orderId } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'SUPPLY_LIMIT', message: 'You can buy up to 100 paracetamol tablets in one order; your cart has 102.' });
  });
});

describe('the window ledger under faults', () => {
  const rules = limitRules('GB');
  const NOW = new Date('2026-11-27T12:00:00Z');
  const pack = { form: 'tablet' as const, units: 16, ingredients: [{ id: 'codeine', mgPerUnit: 8 }] };
  const lines = [{ productId: 'p', title: 'Co-codamol', quantity: 2, supply: pack }];
  const address = { postalCode: 'E1 6AN', line1: '1 Race Street' };

  /** The store with every write to supply_windows held until both racers have read (the worst interleaving). */
  function racingStore(store: DocumentStore, readers: number): DocumentStore {
    let reads = 0;
    let open: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (open = resolve));
    return {
      kind: store.kind,
      close: () => store.close(),
      collection<T extends Doc>(name: string) {
        const real = store.collection<T>(name);
        return new Proxy(real, {
          get(target, prop) {
            const value = Reflect.get(target, prop) as unknown;
            if (typeof value !== 'function') return value;
            const fn = (value as (...a: unknown[]) => Promise<unknown>).bind(target);
            if (prop === 'findOne') {
              return async (...args: unknown[]) => {
                const found = await fn(...args);
                if (++reads === readers) open();
                return found;
              };
            }
            if (prop === 'insertOne' || prop === 'updateOne') return async (...args: unknown[]) => (await bothRead, fn(...args));
            return fn;
          },
        });
      },
    };
  }

  it('two orders racing past a window limit: exactly one gets through', async () => {
    const base = h.store;
    await base.collection('supply_windows').deleteMany({});
    const ledger = createWindowLedger({ store: racingStore(base, 2), rules, now: () => NOW });
    const results = await Promise.allSettled([
      ledger.claim({ orderId: 'race-1', userId: 'u-race-1', address, lines }),
      ledger.claim({ orderId: 'race-2', userId: 'u-race-2', address, lines }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 422, code: 'SUPPLY_LIMIT' });
    expect(await base.collection<WindowDoc>('supply_windows').findOne({ _id: addressKey(address) })).toMatchObject({ entries: [expect.objectContaining({ counts: expect.any(Object) })] });
  });

  it('a stop between the person’s and the address’s writes counts too much, never too little, and the sweep tidies it', async () => {
    const base = h.store;
    await base.collection('supply_windows').deleteMany({});
    const failing: DocumentStore = {
      kind: base.kind,
      close: () => base.close(),
      collection<T extends Doc>(name: string) {
        const real = base.collection<T>(name);
        return new Proxy(real, {
          get(target, prop) {
            const value = Reflect.get(target, prop) as unknown;
            if (typeof value !== 'function') return value;
            const fn = (value as (...a: unknown[]) => Promise<unknown>).bind(target);
            if (prop === 'insertOne') {
              return async (...args: unknown[]) => {
                if ((args[0] as { _id: string })._id.startsWith('address:')) throw new Error('process stopped');
                return fn(...args);
              };
            }
            return fn;
          },
        });
      },
    };
    const stopped = createWindowLedger({ store: failing, rules, now: () => NOW });
    await expect(stopped.claim({ orderId: 'crash-1', userId: 'u-crash', address, lines })).rejects.toThrow('process stopped');
    // Counted on the person: a second order of theirs is refused rather than let through.
    const ledger = createWindowLedger({ store: base, rules, now: () => NOW });
    await expect(ledger.claim({ orderId: 'crash-2', userId: 'u-crash', address, lines })).rejects.toMatchObject({ code: 'SUPPLY_LIMIT' });
    // The order never came to exist: the sweep gives its entry back.
    expect(await ledger.sweep(async () => new Set())).toBe(1);
    expect(await entriesOn(personKey('u-crash'))).toEqual([]);
    await expect(ledger.claim({ orderId: 'crash-3', userId: 'u-crash', address, lines })).resolves.toBeUndefined();
  });
});

describe('a pharmacist’s override of a policy rule, for one order', () => {
  const grant = (body: object, roles: Array<'pharmacist' | 'catalogue'> = ['pharmacist']) =>
    h.app.inject({ method: 'POST', url: '/api/admin/supply-limits/overrides', headers: h.asStaff('staff-ph', roles), payload: body });

  it('a law cannot be overridden, and says so', async () => {
    const res = await grant({ userId: 'u-ovr', ruleId: 'gb-paracetamol-tablets', reason: 'Asked nicely' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/is the law/);
    expect(await h.store.collection('supply_overrides').find({ userId: 'u-ovr' })).toEqual([]);
  });

  it('is a clinical decision: with nobody on duty it is refused, nothing is granted and nothing audited', async () => {
    audit.entries.length = 0;
    const onDuty = h.onDuty.current;
    h.onDuty.current = null;
    try {
      const res = await grant({ userId: 'u-ovr-nobody', ruleId: 'gb-painkiller-packs', reason: 'Care home' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: 'NO_RESPONSIBLE_PHARMACIST', message: NO_RESPONSIBLE_PHARMACIST });
    } finally {
      h.onDuty.current = onDuty;
    }
    expect(await h.store.collection('supply_overrides').find({ userId: 'u-ovr-nobody' })).toEqual([]);
    expect(audit.entries).toEqual([]);
  });

  it('an administrator’s grant records the pharmacist responsible at that moment, not the administrator', async () => {
    const onDuty = h.onDuty.current;
    h.onDuty.current = { id: 'pharmacist-2', name: 'Amir Khan', registrationNumber: '2000001' };
    try {
      const res = await h.app.inject({
        method: 'POST', url: '/api/admin/supply-limits/overrides', headers: h.asStaff('boss', ['admin']),
        payload: { userId: 'u-ovr-admin', ruleId: 'gb-painkiller-packs', reason: 'Care home, checked with the GP' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ grantedBy: { id: 'boss' }, responsiblePharmacist: { name: 'Amir Khan', registrationNumber: '2000001' } });
      const usage = await h.app.inject({ method: 'GET', url: '/api/admin/supply-limits/usage/u-ovr-admin', headers: h.asStaff('staff-ph', ['pharmacist']) });
      expect(usage.json().data.overrides).toEqual([expect.objectContaining({ responsiblePharmacist: { id: 'pharmacist-2', name: 'Amir Khan', registrationNumber: '2000001' } })]);
    } finally {
      h.onDuty.current = onDuty;
    }
  });

  it('only staff with the clinical permission may grant one', async () => {
    const res = await grant({ userId: 'u-ovr', ruleId: 'gb-painkiller-packs', reason: 'Care home' }, ['catalogue']);
    expect(res.statusCode).toBe(403);
  });

  it('lets the next order that needs it exceed the rule once, records it on the order, and is audited', async () => {
    await windows().deleteMany({});
    audit.entries.length = 0;
    const user = 'u-ovr';
    const a = await paracetamol(16);
    const granted = await grant({ userId: user, ruleId: 'gb-painkiller-packs', reason: 'Supplying a care home, checked with the manager' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({ status: 'open', responsiblePharmacist: { id: 'pharmacist-1', name: 'Jane Patel', registrationNumber: '2071234' } });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'supply-limit.override', entity: expect.objectContaining({ type: 'user', id: user }),
        after: { ruleId: 'gb-painkiller-packs', reason: 'Supplying a care home, checked with the manager', status: 'open', responsiblePharmacist: 'Jane Patel' },
      }),
    ]);
    // The cart lets the third pack in while the override is open; the order claims it.
    const addressId = await prepareShopper(h, user, [{ productId: a, quantity: 3 }], { ...UK_ADDRESS, line1: '5 Override Row' });
    const placed = await create(user, addressId);
    expect(placed.statusCode).toBe(200);
    const order = await h.store.collection<{ _id: string; supplyOverrides?: unknown[] }>('orders').findOne({ _id: placed.json().data.orderId });
    expect(order?.supplyOverrides).toEqual([expect.objectContaining({ ruleId: 'gb-painkiller-packs', reason: 'Supplying a care home, checked with the manager' })]);
    const staffView = await h.app.inject({ method: 'GET', url: `/api/admin/orders/details/${placed.json().data.orderId}`, headers: h.asStaff('staff-ph', ['pharmacist']) });
    expect(staffView.json().data.supplyOverrides).toEqual([expect.objectContaining({ ruleId: 'gb-painkiller-packs', grantedBy: expect.objectContaining({ id: 'staff-ph' }) })]);
    const usage = await h.app.inject({ method: 'GET', url: `/api/admin/supply-limits/usage/${user}`, headers: h.asStaff('staff-ph', ['pharmacist']) });
    expect(usage.json().data.overrides).toEqual([expect.objectContaining({ status: 'used', orderId: placed.json().data.orderId })]);

    // The order it was used for is paid: capture honours what the order recorded.
    await payOrder(h, user, placed.json().data);
    // Used once only: the same cart again is refused, at the cart and at the order.
    expect((await add(user, a, 3)).json()).toMatchObject({ code: 'SUPPLY_LIMIT' });
    await h.store.collection('carts').updateOne({ _id: user }, { $set: { items: [{ productId: a, quantity: 3 }] } });
    const again = await create(user, addressId);
    expect(again.json()).toMatchObject({ code: 'SUPPLY_LIMIT', message: 'You can buy up to 2 packs of paracetamol or aspirin medicines in one order; your cart has 3.' });
  });

  it('is staff-only: the shopper’s capture, order details and order list never carry it, the staff order view does', async () => {
    await windows().deleteMany({});
    const user = 'u-ovr-private';
    const a = await paracetamol(16);
    expect((await grant({ userId: user, ruleId: 'gb-painkiller-packs', reason: 'Care home resident, checked with the GP' })).statusCode).toBe(200);
    const placed = await create(user, await prepareShopper(h, user, [{ productId: a, quantity: 3 }], { ...UK_ADDRESS, line1: '9 Private Row' }));
    expect(placed.statusCode).toBe(200);
    const { orderId } = placed.json().data;
    const captured = await payOrder(h, user, placed.json().data);
    expect(captured.data._id).toBe(orderId);
    expect(captured.data).not.toHaveProperty('supplyOverrides');

    const details = await h.app.inject({ method: 'GET', url: `/api/shop/order/details/${orderId}`, headers: h.as(user) });
    expect(details.statusCode).toBe(200);
    expect(details.json().data._id).toBe(orderId);
    expect(details.json().data).not.toHaveProperty('supplyOverrides');
    expect(details.body).not.toContain('Care home resident');
    const list = await h.app.inject({ method: 'GET', url: `/api/shop/order/list/${user}`, headers: h.as(user) });
    expect(list.json().data.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect(list.json().data[0]).not.toHaveProperty('supplyOverrides');
    expect(list.body).not.toContain('Care home resident');

    const staff = h.asStaff('staff-ph', ['pharmacist']);
    const staffView = await h.app.inject({ method: 'GET', url: `/api/admin/orders/details/${orderId}`, headers: staff });
    expect(staffView.json().data.supplyOverrides).toEqual([expect.objectContaining({ ruleId: 'gb-painkiller-packs', reason: 'Care home resident, checked with the GP', grantedBy: expect.objectContaining({ id: 'staff-ph' }) })]);
    const staffList = await h.app.inject({ method: 'GET', url: '/api/admin/orders/get', query: { q: details.json().data.orderNumber }, headers: staff });
    expect(staffList.json().data.find((o: { _id: string }) => o._id === orderId)?.supplyOverrides).toEqual([expect.objectContaining({ ruleId: 'gb-painkiller-packs' })]);
  });

  it('a revoked override no longer applies; revoking twice is refused', async () => {
    const user = 'u-ovr-revoke';
    const granted = (await grant({ userId: user, ruleId: 'gb-painkiller-packs', reason: 'Granted in error' })).json().data as { _id: string };
    const revoke = () => h.app.inject({ method: 'DELETE', url: `/api/admin/supply-limits/overrides/${granted._id}`, headers: h.asStaff('staff-ph', ['pharmacist']) });
    expect((await revoke()).json().data).toMatchObject({ status: 'revoked' });
    expect((await revoke()).statusCode).toBe(422);
    const rules = await h.app.inject({ method: 'GET', url: '/api/admin/supply-limits/rules', headers: h.asStaff('staff-ph', ['pharmacist']) });
    expect(rules.json().data.rules.find((r: { id: string }) => r.id === 'gb-codeine-pack-size')).toMatchObject({ kind: 'law', max: 32 });
  });
});

/**
 * Refill reminders (docs/domain.md#repeat-supply): opted into per item, timed from the quantity and the directions or
 * an interval the shopper chooses; the job mails a due one once, with a link back to the medicine, and moves it on.
 */
import { ORIGIN, createHarness, type Harness } from './harness';
import { addPrescription, daysFromToday, prescriptionNow } from './dispense-fixtures';
import { REMINDER_NEEDS_INTERVAL, daysOfSupply } from '../src/prescriptions/reminders';
import type { PrescriptionDoc } from '../src/prescriptions/store';

jest.setTimeout(60_000);

let h: Harness;
// Two prescriptions a read: the job has to page to reach every due one.
const PAGE = 2;
beforeAll(async () => {
  h = await createHarness({ deps: { reminderPageSize: PAGE } });
});
afterAll(() => h.close());

const setReminder = (userId: string, id: string, itemId: string, payload: object) =>
  h.app.inject({ method: 'PUT', url: `/api/shop/prescriptions/${id}/items/${itemId}/reminder`, headers: h.as(userId), payload });
const DAY = 86_400_000;

test.each([
  ['1 tablet twice a day', 56, 28],
  ['Take 2 capsules three times daily', 60, 10],
  ['One tablet once a day with food', 30, 30],
  ['1 tablet daily', 28, 28],
  ['two tablets four times a day', 80, 10],
])('"%s" with %i lasts %i days', (directions, quantity, days) => {
  expect(daysOfSupply(quantity, directions)).toBe(days);
});
test('directions in another form are not guessed', () => {
  expect(daysOfSupply(56, 'Apply thinly twice a day')).toBeNull();
  expect(daysOfSupply(56, 'As directed')).toBeNull();
});

test('opt in: the interval is worked out from the directions, or the one chosen; without either, 422 asks for one', async () => {
  const productId = await h.addProduct({ requiresPrescription: true, totalStock: 10 });
  const rx = await addPrescription(h, { userId: 'u-remind', items: [{ productId, quantity: 56, directions: '1 tablet twice a day' }, { productId: await h.addProduct({ requiresPrescription: true }), directions: 'Apply as directed' }] });
  const [tablets, cream] = rx.items;

  const worked = await setReminder('u-remind', rx._id, tablets.id, { enabled: true });
  expect(worked.statusCode).toBe(200);
  expect(worked.json().data.items[0].reminder).toEqual({ enabled: true, intervalDays: 28, nextOn: daysFromToday(28) });

  const refused = await setReminder('u-remind', rx._id, cream.id, { enabled: true });
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toEqual({ success: false, code: 'REMINDER_INTERVAL_REQUIRED', message: REMINDER_NEEDS_INTERVAL });
  const chosen = await setReminder('u-remind', rx._id, cream.id, { enabled: true, intervalDays: 60 });
  expect(chosen.json().data.items[1].reminder).toEqual({ enabled: true, intervalDays: 60, nextOn: daysFromToday(60) });
  expect((await setReminder('u-remind', rx._id, cream.id, { enabled: true, intervalDays: 3 })).statusCode).toBe(400);

  const off = await setReminder('u-remind', rx._id, tablets.id, { enabled: false });
  expect(off.json().data.items[0].reminder).toMatchObject({ enabled: false });
  expect((await setReminder('u-someone', rx._id, tablets.id, { enabled: true })).statusCode).toBe(404);
});

test('a due reminder is mailed once with its link, and moved on by its interval; a stop before the move never mails twice', async () => {
  const productId = await h.addProduct({ requiresPrescription: true, title: 'Atorvastatin 20mg Tablets', totalStock: 10 });
  const rx = await addPrescription(h, { userId: 'u-remind-due', items: [{ productId, title: 'Atorvastatin 20mg Tablets', quantity: 28, directions: '1 tablet once a day' }] });
  const itemId = rx.items[0].id;
  await setReminder('u-remind-due', rx._id, itemId, { enabled: true });
  expect(await h.controls.remindRefills()).toBe(0);

  const mine = () => h.mails.filter((m) => m.userId === 'u-remind-due');
  h.clock.offsetMs = 28 * DAY;
  try {
    expect(await h.controls.remindRefills()).toBe(1);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({ subject: 'Time to reorder Atorvastatin 20mg Tablets', key: `rx-reminder:${itemId}:${daysFromToday(28)}` });
    // A link back to the cart with the medicine in (the cart page adds it through cart add's checks).
    const item = (await prescriptionNow(h, rx._id))!.items[0];
    expect(mine()[0].text).toContain(`${ORIGIN}/cart?add=${encodeURIComponent(`${productId}:${item.quantity}`)}`);
    expect(mine()[0].text).toContain('1 tablet once a day');
    expect((await prescriptionNow(h, rx._id))!.items[0].reminder!.nextOn).toBe(daysFromToday(56));

    // A stop between the mail and the move: the date is as it was, the next run asks again under the same key.
    await h.store.collection('prescriptions').updateOne({ _id: rx._id }, { $set: { 'items.0.reminder.nextOn': daysFromToday(28) } });
    await h.controls.remindRefills();
    expect(mine()).toHaveLength(1);
    expect(h.asked.filter((k) => k.startsWith(`rx-reminder:${itemId}`))).toHaveLength(2);
    expect((await prescriptionNow(h, rx._id))!.items[0].reminder!.nextOn).toBe(daysFromToday(56));
    expect(await h.controls.remindRefills()).toBe(0);
  } finally {
    h.clock.offsetMs = 0;
  }
});

/** A verified prescription stored directly, its one item opted in to a reminder due on `nextOn`. */
const optedIn = (_id: string, userId: string, nextOn: string, item: Partial<PrescriptionDoc['items'][number]> = {}, writtenOn = daysFromToday(-7)): PrescriptionDoc => ({
  _id, userId, source: 'paper', status: 'verified', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(),
  writtenOn, prescriber: { name: 'Dr A Khan' },
  items: [{ id: `${_id}-item`, productId: 'p-remind', title: 'Amlodipine 5mg Tablets', quantity: 28, quantityLeft: 28, directions: '1 tablet once a day', repeatsAllowed: 0, repeatsUsed: 0, reminder: { enabled: true, intervalDays: 90, nextOn }, ...item }],
});

test('however many are opted in, every due reminder is mailed exactly once: the job reads only due ones, a page at a time', async () => {
  // 500 opted in but not due, first by _id: a read of the opted-in without the due date would see only these.
  await h.store.collection<PrescriptionDoc>('prescriptions').insertMany(
    Array.from({ length: 500 }, (_, n) => optedIn(`a-later-${String(n).padStart(3, '0')}`, 'u-remind-later', daysFromToday(200))),
  );
  const dueIds = Array.from({ length: 2 * PAGE + 1 }, (_, n) => `z-due-${n}`);
  await h.store.collection<PrescriptionDoc>('prescriptions').insertMany(dueIds.map((id) => optedIn(id, 'u-remind-many', daysFromToday(-1))));

  const mine = () => h.mails.filter((m) => m.userId === 'u-remind-many');
  expect(await h.controls.remindRefills()).toBe(dueIds.length);
  expect(mine().map((m) => m.key).sort()).toEqual(dueIds.map((id) => `rx-reminder:${id}-item:${daysFromToday(-1)}`).sort());
  for (const id of dueIds) expect((await prescriptionNow(h, id))!.items[0].reminder!.nextOn).toBe(daysFromToday(89));
  expect(await h.controls.remindRefills()).toBe(0);
  expect(mine()).toHaveLength(dueIds.length);
  expect(h.mails.filter((m) => m.userId === 'u-remind-later')).toEqual([]);
});

test('a reminder is mailed only while the prescription can be ordered against: an expired one is switched off, a used-up one waits', async () => {
  const yesterday = daysFromToday(-1);
  await h.store.collection<PrescriptionDoc>('prescriptions').insertMany([
    optedIn('rx-live', 'u-remind-standing', yesterday),
    optedIn('rx-expired', 'u-remind-standing', yesterday, {}, daysFromToday(-200)),
    optedIn('rx-used-up', 'u-remind-standing', yesterday, { quantityLeft: 0, repeatsAllowed: 1, repeatsUsed: 1 }),
  ]);

  expect(await h.controls.remindRefills()).toBe(1);
  expect(h.mails.filter((m) => m.userId === 'u-remind-standing').map((m) => m.key)).toEqual([`rx-reminder:rx-live-item:${yesterday}`]);
  expect((await prescriptionNow(h, 'rx-expired'))!.items[0].reminder).toMatchObject({ enabled: false, nextOn: yesterday });
  // Not mailed, and not read again every hour: it waits for its next date, when quantity may have come back.
  expect((await prescriptionNow(h, 'rx-used-up'))!.items[0].reminder).toEqual({ enabled: true, intervalDays: 90, nextOn: daysFromToday(89) });
  expect(await h.controls.remindRefills()).toBe(0);
  expect(h.asked.filter((k) => k.includes('rx-expired') || k.includes('rx-used-up'))).toEqual([]);
});

import { cartAddPath, PRESCRIPTION_LIMITS, type MarketCode, type PrescriptionItem, type ReminderBody } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { HttpError, notFound, unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../clients/account';
import { renderMail } from '../orders/mail/template';
import { prescriptionStanding, shopToday } from './standing';
import type { PrescriptionDoc } from './store';

const TIMES_A_DAY: Record<string, number> = { once: 1, twice: 2, 'three times': 3, 'four times': 4 };
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, a: 1, an: 1 };
// "1 tablet twice a day", "Take two capsules three times daily", "1 tablet daily", "One capsule a day with food".
const DIRECTIONS = /\b(\d+|one|two|three|four|an?)\s+(?:tablets?|capsules?)\s+(?:(once|twice|three times|four times)\s+)?(?:a day|per day|each day|every day|daily)\b/i;

/**
 * How many days a supply of `quantity` lasts by its directions, when they say it in a common form ("N tablet(s) or
 * capsule(s) once, twice, three or four times a day or daily"); null when they do not.
 */
export function daysOfSupply(quantity: number, directions: string): number | null {
  const m = DIRECTIONS.exec(directions);
  if (!m) return null;
  const each = WORDS[m[1].toLowerCase()] ?? Number(m[1]);
  const perDay = each * TIMES_A_DAY[(m[2] ?? 'once').toLowerCase()];
  return perDay > 0 ? Math.floor(quantity / perDay) : null;
}

/** YYYY-MM-DD `days` calendar days after `day`. */
const addCalendarDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

export const REMINDER_NEEDS_INTERVAL =
  'We cannot work out from the directions how long this supply lasts. Please choose how often to remind you, in days.';

/** How many prescriptions one read of the reminder job takes; it pages on by _id until none is left. */
export const REMINDER_PAGE_SIZE = 200;

const clampDays = (days: number) => Math.min(PRESCRIPTION_LIMITS.reminderMaxDays, Math.max(PRESCRIPTION_LIMITS.reminderMinDays, days));

/**
 * Refill reminders (docs/domain.md#repeat-supply): a shopper opts in per item; the job mails each due one with a link
 * back to the medicine, then moves its next date on. A mail's key is the item and the date it was due, so a stop
 * between mailing and moving the date never mails twice (the account service sends a key once).
 */
export function createReminders(deps: {
  prescriptions: Collection<PrescriptionDoc>;
  account: Pick<AccountClient, 'notify'>;
  publicOrigin: string;
  market: MarketCode;
  now: () => Date;
  log: FastifyBaseLogger;
  pageSize?: number;
}) {
  const { prescriptions } = deps;
  const pageSize = deps.pageSize ?? REMINDER_PAGE_SIZE;
  const today = () => shopToday(deps.now(), deps.market);

  function reminderMail(item: PrescriptionItem, nextOn: string) {
    // The cart with it in, prefilled: the cart page adds it through cart add's checks (what is left on the prescription).
    const url = `${deps.publicOrigin}${cartAddPath(item.productId, Math.max(1, Math.min(item.quantity, item.quantityLeft || item.quantity)))}`;
    return renderMail(
      {
        subject: `Time to reorder ${item.title}`,
        heading: `Time to reorder ${item.title}`,
        parts: [
          { kind: 'paragraph', text: `You asked us to remind you when your ${item.title} may be running low.` },
          { kind: 'facts', rows: [['Directions', item.directions], ['Quantity each time', String(item.quantity)], ['Left on your prescription', String(item.quantityLeft)]] },
          { kind: 'link', label: `Order ${item.title} again`, url },
          { kind: 'paragraph', text: 'You can change or stop these reminders in My prescriptions.' },
        ],
      },
      `rx-reminder:${item.id}:${nextOn}`,
    );
  }

  /** Moves a due reminder on past `day` by its interval, only from the date it was due (nothing moves twice). */
  const moveOn = (p: PrescriptionDoc, index: number, r: NonNullable<PrescriptionItem['reminder']>, day: string) => {
    let next = addCalendarDays(r.nextOn, r.intervalDays);
    while (next <= day) next = addCalendarDays(next, r.intervalDays);
    const at = `items.${index}.reminder.nextOn`;
    return prescriptions.updateOne({ _id: p._id, [`items.${index}.id`]: p.items[index].id, [at]: r.nextOn }, { $set: { [at]: next } });
  };

  /**
   * Mails the prescription's reminders due by `day` and moves each on; how many were mailed. Only while it can be
   * ordered against today: an expired one never can again, so its reminders are switched off; a used-up one is not
   * mailed (its link would be refused) and waits for its next date, since a cancelled order gives quantity back.
   */
  async function mailDue(p: PrescriptionDoc, day: string): Promise<number> {
    const standing = prescriptionStanding(p, day);
    if (standing === 'expired') {
      const off = Object.fromEntries(p.items.flatMap((i, index) => (i.reminder?.enabled ? [[`items.${index}.reminder.enabled`, false]] : [])));
      await prescriptions.updateOne({ _id: p._id }, { $set: { ...off, updatedAt: deps.now().toISOString() } });
      return 0;
    }
    let mailed = 0;
    for (const [index, item] of p.items.entries()) {
      const r = item.reminder;
      if (!r?.enabled || r.nextOn > day) continue;
      if (standing !== 'verified') {
        await moveOn(p, index, r, day);
        continue;
      }
      try {
        await deps.account.notify(p.userId, reminderMail(item, r.nextOn));
      } catch (err) {
        deps.log.warn({ err, prescriptionId: p._id, itemId: item.id }, 'refill reminder not mailed; the next run retries');
        continue;
      }
      mailed++;
      // Conditional on the date it was due: a run that overlapped this one moved it already.
      await moveOn(p, index, r, day);
    }
    return mailed;
  }

  return {
    /** Opts an item of the shopper's verified prescription in (interval chosen, or worked out) or out. */
    async set(userId: string, id: string, itemId: string, body: ReminderBody): Promise<PrescriptionDoc> {
      const p = await prescriptions.findOne({ _id: id, userId });
      const index = p ? p.items.findIndex((i) => i.id === itemId) : -1;
      if (!p || index < 0) throw notFound('That prescription item was not found.');
      const item = p.items[index];
      if (body.enabled && prescriptionStanding(p, today()) !== 'verified') {
        throw new HttpError(409, 'REMINDER_NOT_AVAILABLE', 'Reminders can be set on a verified prescription that is still in date.');
      }
      let reminder: PrescriptionItem['reminder'];
      if (body.enabled) {
        const supplyDays = daysOfSupply(item.quantity, item.directions);
        const intervalDays = body.intervalDays ?? (supplyDays === null ? null : clampDays(supplyDays));
        if (intervalDays === null) throw unprocessable(REMINDER_NEEDS_INTERVAL, 'REMINDER_INTERVAL_REQUIRED');
        reminder = { enabled: true, intervalDays, nextOn: addCalendarDays(today(), intervalDays) };
      } else {
        reminder = item.reminder ? { ...item.reminder, enabled: false } : undefined;
      }
      const path = `items.${index}.reminder`;
      const at = deps.now().toISOString();
      await prescriptions.updateOne({ _id: id, [`items.${index}.id`]: itemId }, reminder ? { $set: { [path]: reminder, updatedAt: at } } : { $set: { updatedAt: at } });
      return (await prescriptions.findOne({ _id: id }))!;
    },

    /**
     * Mails every reminder due today or earlier, once each, and moves it on; how many were mailed. It reads only
     * prescriptions with a reminder due, a page at a time in _id order after the last one read, so however many are
     * due every one is reached (one whose mail failed stays due and is not read twice in a run).
     */
    async sendDue(): Promise<number> {
      const day = today();
      const due = { status: 'verified', items: { $elemMatch: { 'reminder.enabled': true, 'reminder.nextOn': { $lte: day } } } };
      let mailed = 0;
      let after: string | undefined;
      for (;;) {
        const page = await prescriptions.find(after === undefined ? due : { ...due, _id: { $gt: after } }, { sort: { _id: 1 }, limit: pageSize });
        for (const p of page) mailed += await mailDue(p, day);
        if (page.length < pageSize) return mailed;
        after = page[page.length - 1]._id;
      }
    },
  };
}
export type Reminders = ReturnType<typeof createReminders>;

import { randomUUID } from 'node:crypto';
import { type MarketCode, type PrescriptionItem } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import { HttpError, notFound } from '@pharmacy/service-kit';
import { prescriptionStanding, shopToday } from './standing';
import type { PrescriptionDoc } from './store';

const refused = (message: string, code: string) => new HttpError(409, code, message);
export const REPEAT_REFUSALS = {
  REPEAT_NOT_AVAILABLE: 'Only a verified prescription that has not expired can be repeated.',
  NO_REPEATS_LEFT: 'This prescription has no repeats left. Ask your prescriber for a new prescription.',
  REPEAT_WAITING: 'A repeat of this prescription is already waiting for a pharmacist. You can order once it is verified.',
} as const;

const hasRepeatsLeft = (i: PrescriptionItem) => i.repeatsUsed < i.repeatsAllowed;

/**
 * Repeat supply (docs/domain.md#repeat-supply): a shopper asks for the next issue of a verified prescription with
 * repeats left. The request is a new prescription (source `repeat`, awaiting the pharmacist, its items prefilled with
 * nothing to dispense until verified), and the original counts the repeat as used until a pharmacist rejects it.
 */
export function createRepeats(deps: { prescriptions: Collection<PrescriptionDoc>; market: MarketCode; now: () => Date }) {
  const { prescriptions } = deps;
  const today = () => shopToday(deps.now(), deps.market);

  function repeatDoc(original: PrescriptionDoc, request: { id: string; itemIds: string[] }, at: string): PrescriptionDoc {
    const items = original.items.filter((i) => request.itemIds.includes(i.id)).map((i): PrescriptionItem => ({
      id: randomUUID(), productId: i.productId, title: i.title, quantity: i.quantity, quantityLeft: 0, directions: i.directions,
      repeatsAllowed: 0, repeatsUsed: 0,
    }));
    return {
      _id: request.id, userId: original.userId, source: 'repeat', status: 'awaiting_check', createdAt: at, updatedAt: at, repeatOf: original._id,
      ...(items[0] ? { forProduct: { productId: items[0].productId, title: items[0].title } } : {}),
      items,
      ...(original.prescriber ? { prescriber: original.prescriber } : {}),
    };
  }

  return {
    today,
    /**
     * One repeat per click, however many clicks: the original's repeats move on by one conditional update naming the
     * counts it read (and recording the request's id), so of two clicks only one passes; the request is written
     * after, and one a stop left unwritten is written by the next ask.
     */
    async request(userId: string, id: string): Promise<PrescriptionDoc> {
      const original = await prescriptions.findOne({ _id: id, userId });
      if (!original) throw notFound('That prescription was not found.');
      const last = original.repeatRequests?.at(-1);
      if (last && !(await prescriptions.findOne({ _id: last.id }))) {
        const doc = repeatDoc(original, last, deps.now().toISOString());
        await prescriptions.insertOne(doc);
        return doc;
      }
      if (prescriptionStanding(original, today()) === 'expired' || original.status !== 'verified') throw refused(REPEAT_REFUSALS.REPEAT_NOT_AVAILABLE, 'REPEAT_NOT_AVAILABLE');
      if (await prescriptions.findOne({ repeatOf: id, status: 'awaiting_check' })) throw refused(REPEAT_REFUSALS.REPEAT_WAITING, 'REPEAT_WAITING');
      const repeating = original.items.map((item, index) => ({ item, index })).filter(({ item }) => hasRepeatsLeft(item));
      if (repeating.length === 0) throw refused(REPEAT_REFUSALS.NO_REPEATS_LEFT, 'NO_REPEATS_LEFT');

      const request = { id: randomUUID(), itemIds: repeating.map(({ item }) => item.id) };
      const at = deps.now().toISOString();
      const res = await prescriptions.updateOne(
        { _id: id, userId, status: 'verified', ...Object.fromEntries(repeating.map(({ item, index }) => [`items.${index}.repeatsUsed`, item.repeatsUsed])) },
        { $inc: Object.fromEntries(repeating.map(({ index }) => [`items.${index}.repeatsUsed`, 1])), $push: { repeatRequests: request }, $set: { updatedAt: at } },
      );
      // Another click (or tab) took this repeat first: its request is the one waiting.
      if (res.matchedCount === 0) throw refused(REPEAT_REFUSALS.REPEAT_WAITING, 'REPEAT_WAITING');
      const doc = repeatDoc(original, request, at);
      await prescriptions.insertOne(doc);
      return doc;
    },

    /**
     * A rejected repeat request gives its repeat back to the original, once: the update matches only while the
     * request's id is not among those given back, and records it, so a doubled or retried reject never gives it
     * back twice, and a retry after a stop between the rejection and this finishes it. Anything else is left as is.
     */
    async giveBack(request: PrescriptionDoc): Promise<void> {
      if (request.status !== 'rejected' || !request.repeatOf) return;
      const original = await prescriptions.findOne({ _id: request.repeatOf });
      const asked = original?.repeatRequests?.find((r) => r.id === request._id);
      if (!original || !asked || original.repeatsGivenBack?.includes(request._id)) return;
      const counted = original.items.flatMap((item, index) => (asked.itemIds.includes(item.id) && item.repeatsUsed > 0 ? [index] : []));
      if (counted.length === 0) return;
      await prescriptions.updateOne(
        { _id: original._id, repeatsGivenBack: { $ne: request._id } },
        {
          $inc: Object.fromEntries(counted.map((index) => [`items.${index}.repeatsUsed`, -1])),
          $push: { repeatsGivenBack: request._id },
          $set: { updatedAt: deps.now().toISOString() },
        },
      );
    },
  };
}
export type Repeats = ReturnType<typeof createRepeats>;

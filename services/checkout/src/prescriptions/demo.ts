import { DEMO_PHARMACIST, DEMO_SHOPPER, addCalendarMonths, prescriptionExpiresOn, type MarketCode } from '@pharmacy/contracts';
import { isDuplicateKeyError, type BlobStore } from '@pharmacy/db';
import type { FastifyBaseLogger } from 'fastify';
import { keepSeeding } from '../demo-seeding';
import type { AccountClient } from '../clients/account';
import type { CatalogClient } from '../clients/catalog';
import { shopToday } from './standing';
import type { PrescriptionDoc, PrescriptionStore } from './store';

// A 1x1 PNG: the demo's "photo" of a paper prescription (what matters is that there is a file to open).
const DEMO_PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** Fixed ids: a second start finds them and adds nothing. */
export const DEMO_PRESCRIPTION_IDS = { waiting: 'demo-prescription-waiting', verified: 'demo-prescription-verified', expired: 'demo-prescription-expired' } as const;

const daysBefore = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

export interface DemoPrescriptionDeps {
  prescriptions: PrescriptionStore;
  files: BlobStore;
  account: Pick<AccountClient, 'userIdsByEmail'>;
  catalog: Pick<CatalogClient, 'prescriptionOnly'>;
  market: MarketCode;
  now: () => Date;
}

/**
 * The demo shopper's prescriptions for a local run (README "Demo accounts"), one per path a pharmacist and a shopper
 * meet: a photo waiting to be checked, one verified with repeats (written two weeks ago), and one written 7 months
 * ago, now expired. Needs the demo shopper (account) and the demo catalogue's prescription-only products: returns
 * false while either is missing, so the caller tries again. Never called in production.
 */
export async function seedDemoPrescriptions(deps: DemoPrescriptionDeps): Promise<boolean> {
  const { prescriptions } = deps;
  if (await prescriptions.get(DEMO_PRESCRIPTION_IDS.expired)) return true;
  const [shopperId] = await deps.account.userIdsByEmail(DEMO_SHOPPER.email);
  const [pharmacistId] = await deps.account.userIdsByEmail(DEMO_PHARMACIST.email);
  const products = await deps.catalog.prescriptionOnly();
  if (!shopperId || !pharmacistId || products.length === 0) return false;
  const [first, second = first, third = second] = products;
  const today = shopToday(deps.now(), deps.market);
  const at = (daysAgo: number) => new Date(deps.now().getTime() - daysAgo * 86_400_000).toISOString();
  const photo = async () => {
    const blob = await deps.files.put(DEMO_PHOTO, { contentType: 'image/png' });
    return { blobId: blob.id, contentType: 'image/png' as const, bytes: blob.size };
  };
  const responsiblePharmacist = { id: pharmacistId, name: 'Priya Pharmacist', registrationNumber: '2071234' };
  const decided = (daysAgo: number) => ({
    by: { id: pharmacistId, name: 'Priya Pharmacist', role: 'pharmacist', registrationNumber: '2071234' }, at: at(daysAgo), responsiblePharmacist, acknowledgedWarnings: [],
  });
  const item = (p: { productId: string; title: string }, quantity: number, directions: string, repeatsAllowed: number) => ({
    id: `${p.productId.slice(0, 20)}-demo-item`, productId: p.productId, title: p.title, quantity, quantityLeft: quantity, directions, repeatsAllowed, repeatsUsed: 0,
  });

  const recent = daysBefore(today, 14);
  const old = addCalendarMonths(today, -7);
  const docs: Array<() => Promise<PrescriptionDoc>> = [
    async () => ({
      _id: DEMO_PRESCRIPTION_IDS.waiting, userId: shopperId, source: 'paper', status: 'awaiting_check', createdAt: at(0.1), updatedAt: at(0.1),
      forProduct: third, file: await photo(), note: 'My GP gave me this at my appointment this morning.', items: [],
    }),
    async () => ({
      _id: DEMO_PRESCRIPTION_IDS.verified, userId: shopperId, source: 'paper', status: 'verified', createdAt: at(13), updatedAt: at(12),
      forProduct: first, file: await photo(), items: [item(first, 2, 'Use as directed by your prescriber. Read the leaflet first.', 3)],
      prescriber: { name: 'Dr Ruth Okafor', registration: 'GMC 7012345' }, writtenOn: recent, expiresOn: prescriptionExpiresOn(recent),
      decision: decided(12), pharmacistNote: 'Checked with your GP surgery. Three repeats allowed.',
    }),
    async () => ({
      _id: DEMO_PRESCRIPTION_IDS.expired, userId: shopperId, source: 'paper', status: 'verified', createdAt: at(210), updatedAt: at(209),
      forProduct: second, file: await photo(), items: [item(second, 1, 'Use as directed by your prescriber.', 0)],
      prescriber: { name: 'Dr Ruth Okafor', registration: 'GMC 7012345' }, writtenOn: old, expiresOn: prescriptionExpiresOn(old), decision: decided(209),
    }),
  ];
  // The expired one goes last: finding it means the whole demo is in (a stop half way finishes on the next start).
  for (const [i, make] of docs.entries()) {
    if (await prescriptions.get(Object.values(DEMO_PRESCRIPTION_IDS)[i])) continue;
    const doc = await make();
    try {
      await prescriptions.collection.insertOne(doc);
    } catch (err) {
      // Another instance seeded it first: its file is the one kept.
      if (doc.file) await deps.files.delete(doc.file.blobId);
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  return true;
}

/** seedDemoPrescriptions until it is in (docs/operations.md#demo-data). */
export const keepSeedingDemo = (deps: DemoPrescriptionDeps, log: FastifyBaseLogger, retryMs?: number) => keepSeeding(() => seedDemoPrescriptions(deps), 'demo prescriptions', log, retryMs);

/**
 * The demo's batches (docs/domain.md#batches): every seeded product's stock split into one or two lots with
 * realistic lot numbers and expiries 8 to 30 months out, plus the two demo batches the recall demo and the
 * short-dated list show (fixed ids, SUPPLY-COMMON): a Paracetamol lot expiring 30 days after seeding and the
 * Chlorphenamine lot the demo recall names.
 */
import type { BatchDoc } from '../stock/batches';
import type { SeedProduct } from './products';

export const DEMO_SHORT_DATED = { id: 'demo-batch-short-dated', title: 'Paracetamol 500mg Tablets', lot: 'PCM-25-208', units: 40, daysLeft: 30 };
export const DEMO_RECALLED = { id: 'demo-batch-recalled', title: 'Chlorphenamine 4mg Allergy Tablets', lot: 'CHL-24-117', units: 30 };

const DAY = 86_400_000;
/** A demo expiry: the UTC calendar day of an instant (months or days from the seeding, not a decision on sale). */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The lot prefix a manufacturer would print: three letters of the product's name. */
const prefix = (title: string) => title.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();
const monthsAfter = (from: Date, months: number) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return dayOf(d);
};

function batch(id: string, lot: string, expiresOn: string, units: number, receivedAt: Date): BatchDoc {
  return { id, lot, expiresOn, receivedAt, received: units, remaining: units, state: 'sellable' };
}

/** The batches of seeded product number `i` (its units add up to the product's totalStock). */
export function seedBatches(p: SeedProduct, i: number, seededAt: Date): BatchDoc[] {
  const year = seededAt.getUTCFullYear() % 100;
  const lot = (n: number, back: number) => `${prefix(p.title)}-${year - back}-${String(((i * 37 + n * 53) % 900) + 100)}`;
  const older = new Date(seededAt.getTime() - (60 + (i % 30)) * DAY);
  const newer = new Date(seededAt.getTime() - (5 + (i % 20)) * DAY);
  const id = (n: number) => `seed-${i + 1}-${n}`;
  const special = p.title === DEMO_SHORT_DATED.title ? DEMO_SHORT_DATED : p.title === DEMO_RECALLED.title ? DEMO_RECALLED : null;
  if (special) {
    const expiresOn = special === DEMO_SHORT_DATED ? dayOf(new Date(seededAt.getTime() + DEMO_SHORT_DATED.daysLeft * DAY)) : monthsAfter(seededAt, 14);
    return [batch(special.id, special.lot, expiresOn, special.units, older), batch(id(2), lot(2, 0), monthsAfter(seededAt, 26), p.totalStock - special.units, newer)];
  }
  if (i % 2 === 1 || p.totalStock < 10) return [batch(id(1), lot(1, 0), monthsAfter(seededAt, 14 + (i % 11)), p.totalStock, newer)];
  const first = Math.round(p.totalStock / 3);
  return [
    batch(id(1), lot(1, 1), monthsAfter(seededAt, 8 + (i % 7)), first, older),
    batch(id(2), lot(2, 0), monthsAfter(seededAt, 20 + (i % 10)), p.totalStock - first, newer),
  ];
}

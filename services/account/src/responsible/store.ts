import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import type { DutyPeriod } from '@pharmacy/contracts';

/**
 * One period in the responsible pharmacist record (docs/domain.md#responsible-pharmacist). Kept at least 5 years
 * and never deleted, not even when the pharmacist's account is erased: the record is the pharmacy's, by law.
 */
export interface DutyPeriodDoc extends Doc {
  _id: string;
  pharmacistId: string;
  /** Name and registration number as they were when the period began. */
  name: string;
  registrationNumber: string;
  from: Date;
  to: Date | null;
  /**
   * Present (true) only on the open period: a unique sparse index on it is what lets one pharmacist at a time be
   * on duty, on both stores, however many requests race to sign in.
   */
  onDuty?: true;
  endedBy?: { id: string; name: string };
}

export type DutyRecord = Collection<DutyPeriodDoc>;

export async function openDutyRecord(store: DocumentStore): Promise<DutyRecord> {
  const record = store.collection<DutyPeriodDoc>('responsiblePharmacist');
  await record.createIndex({ onDuty: 1 }, { unique: true, sparse: true, name: 'one_on_duty' });
  await record.createIndex({ from: -1, _id: 1 }, { name: 'from' });
  return record;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toDutyPeriod(doc: DutyPeriodDoc): DutyPeriod {
  return {
    _id: doc._id,
    pharmacistId: doc.pharmacistId,
    name: doc.name,
    registrationNumber: doc.registrationNumber,
    from: iso(doc.from),
    to: doc.to ? iso(doc.to) : null,
    ...(doc.endedBy && doc.endedBy.id !== doc.pharmacistId ? { endedByName: doc.endedBy.name } : {}),
  };
}

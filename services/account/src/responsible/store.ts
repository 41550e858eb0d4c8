import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import type { DutyAbsence, DutyPeriod } from '@pharmacy/contracts';

/** An absence of the responsible pharmacist from the premises that has ended (reg. 5(1)(e)). */
export interface AbsenceDoc {
  from: Date;
  to: Date;
  note?: string;
  /** The day's absences passed the 2 hours during this one (reg. 3(1)). */
  overLimit?: true;
}

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
  /** The ended absences, oldest first. */
  absences?: AbsenceDoc[];
  /**
   * The open absence, while the pharmacist is away: one at a time, because stepping out is an update conditional on
   * there being none, and coming back one conditional on this id.
   */
  away?: { id: string; from: Date; note?: string };
}

export type DutyRecord = Collection<DutyPeriodDoc>;

export async function openDutyRecord(store: DocumentStore): Promise<DutyRecord> {
  const record = store.collection<DutyPeriodDoc>('responsiblePharmacist');
  await record.createIndex({ onDuty: 1 }, { unique: true, sparse: true, name: 'one_on_duty' });
  await record.createIndex({ from: -1, _id: 1 }, { name: 'from' });
  return record;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The absences of a period, the open one last (to: null), with their total in milliseconds (the open one to `now`). */
function absencesOf(doc: DutyPeriodDoc, now: Date, awayOverLimit = false): { absences: DutyAbsence[]; absentMs: number } {
  const ended = (doc.absences ?? []).map((a) => ({ from: new Date(a.from), to: new Date(a.to), note: a.note, overLimit: a.overLimit }));
  const all = doc.away ? [...ended, { from: new Date(doc.away.from), to: null, note: doc.away.note, overLimit: awayOverLimit ? (true as const) : undefined }] : ended;
  return {
    absences: all.map((a) => ({ from: iso(a.from), to: a.to ? iso(a.to) : null, ...(a.note ? { note: a.note } : {}), ...(a.overLimit ? { overLimit: true as const } : {}) })),
    absentMs: all.reduce((sum, a) => sum + Math.max(0, (a.to ?? now).getTime() - a.from.getTime()), 0),
  };
}

/** `now` counts an open absence so far; `awayOverLimit` flags it when today's absences have passed the 2 hours. */
export function toDutyPeriod(doc: DutyPeriodDoc, now: Date, awayOverLimit = false): DutyPeriod {
  const { absences, absentMs } = absencesOf(doc, now, awayOverLimit);
  return {
    _id: doc._id,
    pharmacistId: doc.pharmacistId,
    name: doc.name,
    registrationNumber: doc.registrationNumber,
    from: iso(doc.from),
    to: doc.to ? iso(doc.to) : null,
    ...(doc.endedBy && doc.endedBy.id !== doc.pharmacistId ? { endedByName: doc.endedBy.name } : {}),
    absences,
    absentMinutes: Math.floor(absentMs / 60_000),
  };
}

import { randomUUID } from 'node:crypto';
import { HEALTH_PROFILE_FIELDS, type HealthChange, type HealthProfileField } from '@pharmacy/contracts';
import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import type { UserDoc } from '../users/store';

/** One change to a shopper's health profile (docs/domain.md#health-history): when, which field, before, after. */
export interface HealthChangeDoc extends Doc {
  _id: string;
  userId: string;
  at: Date;
  field: HealthProfileField;
  before: string[] | string | null;
  after: string[] | string | null;
}

export type HealthHistory = Collection<HealthChangeDoc>;

export async function openHealthHistory(store: DocumentStore): Promise<HealthHistory> {
  const history = store.collection<HealthChangeDoc>('healthHistory');
  await history.createIndex({ userId: 1, at: 1 }, { name: 'user_at' });
  return history;
}

type HealthFields = Pick<UserDoc, HealthProfileField>;
const valueOf = (user: Partial<HealthFields>, field: HealthProfileField) => {
  const value = user[field];
  return Array.isArray(value) ? value : (value ?? null);
};
const same = (a: string[] | string | null, b: string[] | string | null) => JSON.stringify(a) === JSON.stringify(b);

/** The health fields a write changed, each with its value before and after. */
export function healthChanges(before: Partial<HealthFields>, after: Partial<HealthFields>): Array<Pick<HealthChangeDoc, 'field' | 'before' | 'after'>> {
  return HEALTH_PROFILE_FIELDS.flatMap((field) => {
    const was = valueOf(before, field);
    const now = valueOf(after, field);
    return same(was, now) ? [] : [{ field, before: was, after: now }];
  });
}

/**
 * What a write changes in a user's health profile, as history entries with their ids fixed now: they go into the
 * user document in the same update as the change, and are moved to the history from there (outbox.ts).
 */
export function pendingHealthChanges(userId: string, before: Partial<HealthFields>, after: Partial<HealthFields>, at: Date): HealthChangeDoc[] {
  // Ids sort by time, then by field within one write, so a history reads in the order the fields were changed.
  const stamp = String(at.getTime()).padStart(15, '0');
  return healthChanges(before, after).map((c, i) => ({ _id: `${stamp}-${i}-${randomUUID()}`, userId, at, ...c }));
}

export const toHealthChange = (d: HealthChangeDoc): HealthChange => ({ at: d.at.toISOString(), field: d.field, before: d.before, after: d.after });

import { STAFF_ROLE_LABELS, isStaffRole } from '@pharmacy/contracts';

const MAX_VALUE = 60;

const shown = (value: unknown): string => {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Internal references (`_id`, `pharmacistId`, `imageIds`): staff read names, and the entity column names the thing. */
const isReference = (field: string) => field === '_id' || /Ids?$/.test(field);

/**
 * A change as staff read it: each field that differs as `field: before → after`; a value on one side only as that
 * value; ids left out (names, not ids, in every staff-facing history). The CSV export keeps the whole before and after.
 */
export function changeSummary(before: unknown, after: unknown): string[] {
  if (before === undefined && after === undefined) return [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const all = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const keys = all.filter((k) => !isReference(k));
    const changed = keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
    if (keys.length === 0 || (changed.length === 0 && all.some((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])))) return ['internal references changed (see the CSV export)'];
    return (changed.length ? changed : keys).map((k) => (k in b && k in a ? `${k}: ${shown(b[k])} → ${shown(a[k])}` : `${k}: ${shown(k in a ? a[k] : b[k])}`));
  }
  return [`${shown(before)} → ${shown(after)}`];
}

/** A role as staff read it ("Pharmacist"); the deploy pipeline's token and anything else as it is. */
export const roleLabel = (role: string): string => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role === 'deploy-token' ? 'Deploy token' : role);

import { STAFF_ROLE_LABELS, isStaffRole } from '@pharmacy/contracts';

const MAX_VALUE = 60;

const shown = (value: unknown): string => {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A change as staff read it: each field that differs as `field: before → after`; a value on one side only as that
 * value. The CSV export keeps the whole before and after.
 */
export function changeSummary(before: unknown, after: unknown): string[] {
  if (before === undefined && after === undefined) return [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const changed = keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
    return (changed.length ? changed : keys).map((k) => (k in b && k in a ? `${k}: ${shown(b[k])} → ${shown(a[k])}` : `${k}: ${shown(k in a ? a[k] : b[k])}`));
  }
  return [`${shown(before)} → ${shown(after)}`];
}

/** A role as staff read it ("Pharmacist"); the deploy pipeline's token and anything else as it is. */
export const roleLabel = (role: string): string => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role === 'deploy-token' ? 'Deploy token' : role);

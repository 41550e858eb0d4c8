// Rules of the responsible pharmacist and of health data shared by services and pages (docs/domain.md#health-data).

/** A user's health fields: shown only to staff with 'health.read', every read audited. */
export const HEALTH_PROFILE_FIELDS = ['DOB', 'allergies', 'healthConditions'] as const;
export type HealthProfileField = (typeof HEALTH_PROFILE_FIELDS)[number];
/** An order's health data. */
export const ORDER_HEALTH_FIELDS = ['consultation', 'unrecognisedTerms'] as const;
export type OrderHealthField = (typeof ORDER_HEALTH_FIELDS)[number];

export const HEALTH_FIELD_LABELS: Record<HealthProfileField, string> = { DOB: 'date of birth', allergies: 'allergies', healthConditions: 'conditions' };

/** Checkout's refusal of a clinical decision with nobody on duty (docs/domain.md#responsible-pharmacist). */
export const NO_RESPONSIBLE_PHARMACIST =
  'No responsible pharmacist is signed in. A pharmacist must sign in as responsible pharmacist before clinical decisions are made.';
export const NO_RESPONSIBLE_PHARMACIST_CODE = 'NO_RESPONSIBLE_PHARMACIST';

/** Checkout's refusal of a clinical decision while the responsible pharmacist is away (docs/domain.md#responsible-pharmacist). */
export const RESPONSIBLE_PHARMACIST_ABSENT_CODE = 'RESPONSIBLE_PHARMACIST_ABSENT';
export const responsiblePharmacistAbsent = (name: string, sinceTime: string): string =>
  `The responsible pharmacist ${name} is away from the pharmacy (since ${sinceTime}). Clinical decisions wait until they are back.`;

/** The most the responsible pharmacist may be away from the pharmacy in one day, all absences together (reg. 3(1), (2)). */
export const ABSENCE_LIMIT_MINUTES = 120;
/** The short note of how to reach the pharmacist while away, or who covers (reg. 3(4), (5)). */
export const ABSENCE_NOTE_MAX = 200;

/** Stepping out refused: today's absences already total the 2 hours (docs/domain.md#responsible-pharmacist). */
export const ABSENCE_LIMIT_REACHED_CODE = 'ABSENCE_LIMIT_REACHED';

/** "1 h 20 min", "45 min", "2 h": a length of absence as the pharmacist at the desk reads it. */
export function minutesInWords(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** How long the shop's footer may keep the answer of who is on duty. */
export const ON_DUTY_MAX_AGE_SECONDS = 5;

/**
 * A health change in words for the reviewing pharmacist: "allergies: added ibuprofen; removed penicillin",
 * "date of birth: 1990-01-02 → 1991-01-02".
 */
export function describeHealthChange(change: { field: HealthProfileField; before: string[] | string | null; after: string[] | string | null }): string {
  const label = HEALTH_FIELD_LABELS[change.field];
  if (Array.isArray(change.before) || Array.isArray(change.after)) {
    const before = Array.isArray(change.before) ? change.before : [];
    const after = Array.isArray(change.after) ? change.after : [];
    const key = (s: string) => s.toLowerCase();
    const added = after.filter((a) => !before.some((b) => key(b) === key(a)));
    const removed = before.filter((b) => !after.some((a) => key(a) === key(b)));
    const parts = [...(added.length ? [`added ${added.join(', ')}`] : []), ...(removed.length ? [`removed ${removed.join(', ')}`] : [])];
    return `${label}: ${parts.join('; ') || 'reordered'}`;
  }
  return `${label}: ${change.before ?? 'not given'} → ${change.after ?? 'not given'}`;
}

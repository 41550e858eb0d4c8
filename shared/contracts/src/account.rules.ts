// The account vertical's field rules, limits and API paths: plain values and functions, no schema library, so
// the browser gets them without TypeBox (see browser.ts). Browser forms and the account service apply the same
// rules, so a shopper sees the same message while typing as the server would send.

// ---------------------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------------------

export const ACCOUNT_LIMITS = {
  nameMax: 50,
  emailMax: 254,
  passwordMin: 12, // ASVS 5 (2.1.1): at least 12 characters; strength is checked too (zxcvbn, server side)
  passwordMax: 128,
  /** A phone as written, separators included (the market's PhoneRule says which numbers). */
  phoneMax: 20,
  listItemMax: 60,
  listMax: 30,
  subjectMax: 120,
  messageMax: 4000,
  ideaTitleMax: 120,
  ideaDescriptionMax: 4000,
  orderIdMax: 64,
  resetTokenMax: 200,
} as const;

/**
 * The code of a sign-in refused until the browser solves the proof-of-work check (docs/api.md#sign-in-limits): sent
 * while failed sign-ins across the shop are above normal, to a browser the account does not know. The sign-in page
 * fetches a check from AccountRoutes.auth.signInChallenge, solves it and sends the sign-in again with the solution.
 */
export const SIGN_IN_CHALLENGE_CODE = 'CHALLENGE_REQUIRED';

/** Reset links stay valid this long (minutes). */
export const RESET_TOKEN_TTL_MINUTES = 30;
/** Staff's Users list: a page of newest users (GET /api/admin/users/get), at most this many, and the search's length. */
export const ADMIN_USERS_DEFAULT_LIMIT = 20;
export const ADMIN_USERS_MAX_LIMIT = 100;
export const ADMIN_USERS_QUERY_MAX = 100;

/** Demo accounts created outside production (docs/domain.md#accounts; refused when NODE_ENV=production). */
export const DEMO_ADMIN = { email: 'admin@pharmacy.local', password: 'Admin123!demo' } as const;
export const DEMO_SHOPPER = { email: 'shopper@pharmacy.local', password: 'Shopper123!demo' } as const;
/** One demo member of staff per role besides the admin (docs/product.md#staff-roles; the README lists them). */
export const DEMO_PHARMACIST = { email: 'pharmacist@pharmacy.local', password: 'Pharmacist123!demo' } as const;
export const DEMO_CATALOGUE = { email: 'catalogue@pharmacy.local', password: 'Catalogue123!demo' } as const;
export const DEMO_SUPPORT = { email: 'support@pharmacy.local', password: 'Support123!demo' } as const;

/** A GPhC registration number: 7 digits (the register's own format). */
export const REGISTRATION_NUMBER_PATTERN = '^[0-9]{7}$';

// ---------------------------------------------------------------------------------------------------------
// Field rules: each returns a message a person can act on, or null when the value is fine.
// ---------------------------------------------------------------------------------------------------------

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function nameProblem(value: string, label: string): string | null {
  const v = value.trim();
  if (!v) return `${label} is required.`;
  if (v.length > ACCOUNT_LIMITS.nameMax) return `${label} must be at most ${ACCOUNT_LIMITS.nameMax} characters.`;
  if (!NAME_RE.test(v)) return `${label} can only contain letters, spaces, hyphens, apostrophes and periods.`;
  return null;
}

export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Email is required.';
  if (v.length > ACCOUNT_LIMITS.emailMax || !EMAIL_RE.test(v)) return 'Enter a valid email address, like name@example.com.';
  return null;
}

export function passwordProblem(value: string, label = 'Password'): string | null {
  if (!value) return `${label} is required.`;
  if (value.length < ACCOUNT_LIMITS.passwordMin) return `${label} must be at least ${ACCOUNT_LIMITS.passwordMin} characters.`;
  if (value.length > ACCOUNT_LIMITS.passwordMax) return `${label} must be at most ${ACCOUNT_LIMITS.passwordMax} characters.`;
  if (/^\d+$/.test(value)) return `${label} cannot be only numbers. Add some letters or symbols.`;
  if (/^(.)\1+$/.test(value)) return `${label} cannot be one character repeated.`;
  if (value.trim() !== value) return `${label} cannot start or end with a space.`;
  return null;
}

/** DOB as YYYY-MM-DD: a real calendar date, in the past, not before 1900. */
export function dobProblem(value: string, today: Date = new Date()): string | null {
  const v = value.trim();
  if (!v) return null; // optional
  if (!DATE_RE.test(v)) return 'Enter the date of birth as YYYY-MM-DD.';
  const d = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return 'Enter a real calendar date.';
  if (d.getUTCFullYear() < 1900) return 'Enter a date of birth after 1900.';
  if (v >= today.toISOString().slice(0, 10)) return 'Date of birth must be in the past.';
  return null;
}

/** Trims, drops empty entries and case-insensitive duplicates (allergies, health conditions). */
export function normalizeList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim().replace(/\s+/g, ' ');
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

export function registrationNumberProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return new RegExp(REGISTRATION_NUMBER_PATTERN).test(v) ? null : 'A GPhC registration number is 7 digits, e.g. 2071234.';
}

export function listProblem(items: readonly string[], label: string): string | null {
  const list = normalizeList(items);
  if (list.length > ACCOUNT_LIMITS.listMax) return `${label}: at most ${ACCOUNT_LIMITS.listMax} entries.`;
  const long = list.find((i) => i.length > ACCOUNT_LIMITS.listItemMax);
  if (long) return `${label}: each entry must be at most ${ACCOUNT_LIMITS.listItemMax} characters ("${long.slice(0, 20)}…" is too long).`;
  return null;
}

export function textProblem(value: string, label: string, max: number, min = 1): string | null {
  const v = value.trim();
  if (!v) return `${label} is required.`;
  if (v.length < min) return `${label} must be at least ${min} characters.`;
  if (v.length > max) return `${label} must be at most ${max} characters.`;
  return null;
}

/** How many mails the dev mailbox lists: a long-running dev install keeps every mail, the page only the newest. */
export const MAILBOX_PAGE_SIZE = 200;

// Rules of prescriptions shared by the checkout service and the pages (docs/domain.md#prescriptions).

/** Where a prescription came from: a photo or PDF of a paper one, or an electronic prescription's token. */
export const PRESCRIPTION_SOURCES = ['paper', 'electronic', 'repeat'] as const;
export type PrescriptionSource = (typeof PRESCRIPTION_SOURCES)[number];
export const PRESCRIPTION_SOURCE_LABELS: Record<PrescriptionSource, string> = { paper: 'Paper', electronic: 'Electronic', repeat: 'Repeat' };

/** What a pharmacist has decided (stored). */
export const PRESCRIPTION_STATUSES = ['awaiting_check', 'verified', 'rejected'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/**
 * What a shopper can do with it now (derived, never stored): a verified prescription past its expiry is `expired`,
 * one with no quantity left on any item is `used_up`.
 */
export const PRESCRIPTION_STANDINGS = ['awaiting_check', 'verified', 'rejected', 'expired', 'used_up'] as const;
export type PrescriptionStanding = (typeof PRESCRIPTION_STANDINGS)[number];

export const PRESCRIPTION_STANDING_LABELS: Record<PrescriptionStanding, string> = {
  awaiting_check: 'Waiting for a pharmacist',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
  used_up: 'Used up',
};

/** Uploads: the type is decided by the file's first bytes, never by its name or the browser's word. */
export const PRESCRIPTION_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type PrescriptionFileType = (typeof PRESCRIPTION_FILE_TYPES)[number];
export const PRESCRIPTION_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Why a file cannot be sent as a prescription, in the same words wherever it is refused: the page before sending, the
 * server after reading its bytes (413, 415).
 */
export const PRESCRIPTION_FILE_REFUSALS = {
  type: 'Only a photo (JPEG, PNG or WebP) or a PDF of your prescription can be added.',
  size: `The file is larger than ${PRESCRIPTION_FILE_MAX_BYTES / 1024 / 1024} MB. Take the photo again at a lower resolution, or scan it as a PDF.`,
  empty: 'The file is empty. Choose the photo or PDF of your prescription again.',
} as const;

/** What the browser can tell of a chosen file before sending it (the server decides the type by its bytes). */
export function prescriptionFileProblem(file: { type: string; size: number }): string | null {
  if (!(PRESCRIPTION_FILE_TYPES as readonly string[]).includes(file.type)) return PRESCRIPTION_FILE_REFUSALS.type;
  if (file.size > PRESCRIPTION_FILE_MAX_BYTES) return PRESCRIPTION_FILE_REFUSALS.size;
  if (file.size === 0) return PRESCRIPTION_FILE_REFUSALS.empty;
  return null;
}

/** A prescription may be dispensed for 6 months after the date it was written (docs/domain.md#prescriptions). */
export const PRESCRIPTION_VALID_MONTHS = 6;

export const PRESCRIPTION_LIMITS = {
  items: 10,
  directions: 300,
  prescriber: 120,
  reason: 500,
  note: 500,
  repeats: 12,
  /** Refill reminders: the shortest and longest interval a shopper may choose. */
  reminderMinDays: 7,
  reminderMaxDays: 365,
} as const;

/**
 * An electronic prescription's token as the sandbox provider issues it and a shopper types it: three groups of six
 * letters or digits ("9D4C80-A83008-5DC6FA"), the shape of a GB electronic prescription's short id.
 */
export const EPRESCRIPTION_TOKEN_PATTERN = '^[0-9A-Z]{6}-[0-9A-Z]{6}-[0-9A-Z]{6}$';

/**
 * A token as typed, in the provider's shape: upper case, letters and digits only, a dash after each group of six
 * ("9d4c80a83008" → "9D4C80-A83008"). Matches EPRESCRIPTION_TOKEN_PATTERN once complete.
 */
export function formatEPrescriptionToken(typed: string): string {
  const chars = typed.toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 18);
  return (chars.match(/.{1,6}/g) ?? []).join('-');
}

/** YYYY-MM-DD of `written` plus `months` calendar months, clamped to the month's last day (31 Aug + 6 → 28/29 Feb). */
export function addCalendarMonths(written: string, months: number): string {
  const [y, m, d] = written.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * The first day a prescription written on `writtenOn` (YYYY-MM-DD) can no longer be dispensed: 6 calendar months
 * later. Written 2026-01-15 → usable up to and including 2026-07-14, refused from 2026-07-15.
 */
export const prescriptionExpiresOn = (writtenOn: string): string => addCalendarMonths(writtenOn, PRESCRIPTION_VALID_MONTHS);

/** The last day a prescription can be dispensed (the day before `expiresOn`): what a shopper reads as "use by". */
export function prescriptionLastDay(expiresOn: string): string {
  const day = new Date(`${expiresOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** Whether a prescription written on `writtenOn` may still be dispensed on `today` (both YYYY-MM-DD, shop's date). */
export const prescriptionUsableOn = (writtenOn: string, today: string): boolean => today < prescriptionExpiresOn(writtenOn);

/** Why a prescription cannot be used, in the words a shopper reads (cart add, order create, My prescriptions). */
export const PRESCRIPTION_REFUSALS = {
  PRESCRIPTION_NEEDED: 'This medicine needs a prescription. Add your prescription and a pharmacist will check it before you can order.',
  PRESCRIPTION_AWAITING_CHECK: 'Your prescription is waiting for a pharmacist to check it. You can order once it is verified.',
  PRESCRIPTION_REJECTED: 'Your prescription was not accepted by the pharmacist, so this medicine cannot be ordered against it.',
  PRESCRIPTION_EXPIRED: 'Your prescription has expired (prescriptions can be dispensed for 6 months after they are written). Ask your prescriber for a new one.',
  PRESCRIPTION_USED_UP: 'Your prescription has no quantity left for this medicine. Request a repeat if it allows one, or ask your prescriber.',
  PRESCRIPTION_QUANTITY: 'Your prescription has less of this medicine left than you asked for.',
} as const;
export type PrescriptionRefusalCode = keyof typeof PRESCRIPTION_REFUSALS;

/** My prescriptions, opened for one medicine: the prescription added there is linked to it (docs/product.md#my-prescriptions). */
export const prescriptionsPageFor = (productId?: string): string =>
  productId ? `/prescriptions?productId=${encodeURIComponent(productId)}` : '/prescriptions';

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

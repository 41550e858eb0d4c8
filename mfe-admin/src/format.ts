import { MISSING_VALUE } from '@pharmacy/contracts';

/** Display helpers shared by the admin screens. Every one shows a dash for a missing value (docs/product.md#admin-panel). */
export const DASH = MISSING_VALUE;

type Maybe<T> = T | null | undefined;

export function textOrDash(value: Maybe<string | number>): string {
  if (value === null || value === undefined) return DASH;
  const text = String(value).trim();
  return text ? text : DASH;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
// Calendar dates (DOB, chart days) carry no time zone: format them in UTC so they never shift a day.
const calendarDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export function dateTimeOrDash(iso: Maybe<string>): string {
  if (!iso) return DASH;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? DASH : dateTime.format(t);
}

export function calendarDateOrDash(ymd: Maybe<string>): string {
  if (!ymd) return DASH;
  const t = Date.parse(ymd.length === 10 ? `${ymd}T00:00:00Z` : ymd);
  return Number.isNaN(t) ? DASH : calendarDate.format(t);
}


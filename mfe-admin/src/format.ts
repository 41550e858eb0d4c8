import { MISSING_VALUE, formatDate } from '@pharmacy/contracts';

/** Display helpers shared by the admin screens. Every one shows a dash for a missing value (docs/product.md#admin-panel). */
export const DASH = MISSING_VALUE;

type Maybe<T> = T | null | undefined;

export function textOrDash(value: Maybe<string | number>): string {
  if (value === null || value === undefined) return DASH;
  const text = String(value).trim();
  return text ? text : DASH;
}

/** A moment (an order placed, a status change) in the shop's one date format, with its time: "12 Mar 2026, 14:05". */
export const dateTimeOrDash = (iso: Maybe<string>): string => formatDate(iso, { withTime: true });

/** A day with no time zone (a date of birth, a chart's day): "12 Mar 2026", never shifted a day. */
export const calendarDateOrDash = (ymd: Maybe<string>): string => formatDate(ymd, { utc: true });

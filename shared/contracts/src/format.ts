// The shop's one way of writing a date, for every screen (shop, account, admin): "12 Mar 2026" and, where the
// time matters, "12 Mar 2026, 14:05" (24-hour). Built from fixed English month names rather than Intl so the
// server, the browser and the tests always produce the same text whatever locale data each runtime carries
// (Intl's en-GB writes "Sept" in some versions and "Sep" in others).
import { MISSING_VALUE } from './catalog.rules';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FormatDateOptions {
  /** Add the time of day ("12 Mar 2026, 14:05"). Ignored for calendar dates, which have none. */
  withTime?: boolean;
  /**
   * Read the moment in UTC instead of the viewer's time zone. Calendar dates ("YYYY-MM-DD", a date of birth)
   * are always read in UTC: they name a day, not a moment, and must not move a day west of Greenwich.
   */
  utc?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp (ISO string, epoch milliseconds or Date) or a calendar date ("YYYY-MM-DD") as the shop writes it;
 * a missing or unreadable value is a dash (MISSING_VALUE), like every other empty field.
 */
export function formatDate(value: string | number | Date | null | undefined, options: FormatDateOptions = {}): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  const calendar = typeof value === 'string' && CALENDAR_DATE.test(value.trim());
  const d = calendar ? new Date(`${(value as string).trim()}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(d.getTime())) return MISSING_VALUE;
  // Date rolls "2026-02-30" over to 2 March: a calendar date that is not a real day is unreadable, not another day.
  if (calendar && d.toISOString().slice(0, 10) !== (value as string).trim()) return MISSING_VALUE;
  const utc = calendar || options.utc === true;
  const [year, month, day] = utc ? [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()] : [d.getFullYear(), d.getMonth(), d.getDate()];
  const date = `${day} ${MONTHS[month]} ${year}`;
  if (!options.withTime || calendar) return date;
  const [hours, minutes] = utc ? [d.getUTCHours(), d.getUTCMinutes()] : [d.getHours(), d.getMinutes()];
  return `${date}, ${pad(hours)}:${pad(minutes)}`;
}

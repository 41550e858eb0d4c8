/** One formatter per time zone: making one costs far more than formatting with it (it was 3 % of a purchase's CPU). */
const formats = new Map<string, Intl.DateTimeFormat>();
/** The day last asked for in each time zone, and its minute (UTC minutes since the epoch). */
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in a market's time zone (`Market.timeZone`): the pharmacy's day, which
 * decides when a batch or a prescription has expired (docs/domain.md#batches).
 */
export function calendarDayIn(timeZone: string, at: Date): string {
  // A day ends on a minute boundary in every zone in use today, so the day of a minute is that of all its instants:
  // a purchase asks several times within one (formatting was still 0.5 % of the gateway's time in bench:orders).
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  const day = format.format(at);
  lastDays.set(timeZone, { minute, day });
  return day;
}

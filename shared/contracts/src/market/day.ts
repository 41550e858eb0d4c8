/** One formatter per time zone: making one costs far more than formatting with it (it was 3 % of a purchase's CPU). */
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in a market's time zone (`Market.timeZone`): the pharmacy's day, which
 * decides when a batch or a prescription has expired (docs/domain.md#batches).
 */
export function calendarDayIn(timeZone: string, at: Date): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

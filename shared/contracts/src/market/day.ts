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

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    clocks.set(timeZone, format);
  }
  return format;
}

/** The wall clock of an instant in a time zone, as the fields of a UTC date (the zone's offset added). */
function wallClock(timeZone: string, at: number): number {
  const part = Object.fromEntries(clockIn(timeZone).formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
}

/** "09:05": the time of day of an instant on the pharmacy's clock (`Market.timeZone`), as the shop says it. */
export function timeOfDayIn(timeZone: string, at: Date): string {
  return new Date(wallClock(timeZone, at.getTime())).toISOString().slice(11, 16);
}

/**
 * The instants a calendar day (YYYY-MM-DD) of a time zone begins and ends, midnight to midnight (23 or 25 hours long
 * on the days the clocks change): the day the responsible pharmacist's absences are counted over
 * (docs/domain.md#responsible-pharmacist).
 */
export function dayBoundsIn(timeZone: string, day: string): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number);
  const midnight = (wall: number) => {
    // The offset at the wall time's own instant, asked twice: the first guess may sit across a change of the clocks.
    let at = wall - (wallClock(timeZone, wall) - wall);
    at = wall - (wallClock(timeZone, at) - at);
    return new Date(at);
  };
  return { start: midnight(Date.UTC(y, m - 1, d)), end: midnight(Date.UTC(y, m - 1, d + 1)) };
}

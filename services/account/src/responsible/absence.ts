import { ABSENCE_LIMIT_MINUTES, calendarDayIn, dayBoundsIn, type AbsenceToday } from '@pharmacy/contracts';
import type { DutyPeriodDoc, DutyRecord } from './store';

/**
 * The responsible pharmacist's absences against the law's limit (docs/domain.md#responsible-pharmacist): at most
 * 2 hours in a day, midnight to midnight, all the day's responsible pharmacists together (reg. 3(1), (2), (7)).
 */
export const ABSENCE_LIMIT_MS = ABSENCE_LIMIT_MINUTES * 60_000;

/** The milliseconds of the periods' absences inside [start, end), an open absence counted to `now`. */
function absentMsWithin(periods: DutyPeriodDoc[], start: Date, end: Date, now: Date): number {
  let total = 0;
  for (const period of periods) {
    const absences = [...(period.absences ?? []), ...(period.away ? [{ from: period.away.from, to: now }] : [])];
    for (const absence of absences) {
      const from = Math.max(new Date(absence.from).getTime(), start.getTime());
      const to = Math.min(new Date(absence.to).getTime(), end.getTime());
      if (to > from) total += to - from;
    }
  }
  return total;
}

export function createAbsenceClock(record: DutyRecord, timeZone: string) {
  /** The absences of the pharmacy's calendar day `day` (YYYY-MM-DD), in milliseconds. */
  async function absentMsOn(day: string, now: Date): Promise<number> {
    const { start, end } = dayBoundsIn(timeZone, day);
    const periods = await record.find({ from: { $lt: end }, $or: [{ to: null }, { to: { $gt: start } }] });
    return absentMsWithin(periods, start, end, now);
  }

  return {
    absentMsOn,
    /** Today's absences: used and left of the 2 hours, in whole minutes. */
    async today(now: Date): Promise<AbsenceToday & { usedMs: number }> {
      const day = calendarDayIn(timeZone, now);
      const usedMs = await absentMsOn(day, now);
      return { day, usedMs, usedMinutes: Math.floor(usedMs / 60_000), leftMinutes: Math.max(0, Math.floor((ABSENCE_LIMIT_MS - usedMs) / 60_000)) };
    },
    /**
     * Whether an absence from `from` until `now` took a day it touches past the 2 hours (the absence itself still
     * open in the record, so counted). An absence across midnight counts towards each day its part.
     */
    async overLimit(from: Date, now: Date): Promise<boolean> {
      if (now.getTime() - from.getTime() > ABSENCE_LIMIT_MS) return true;
      const days = [...new Set([calendarDayIn(timeZone, from), calendarDayIn(timeZone, now)])];
      for (const day of days) if ((await absentMsOn(day, now)) > ABSENCE_LIMIT_MS) return true;
      return false;
    },
  };
}
export type AbsenceClock = ReturnType<typeof createAbsenceClock>;

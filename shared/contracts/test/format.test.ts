import * as browser from '../src/browser';
import * as server from '../src/index';
import { MISSING_VALUE, formatDate } from '../src/browser';

describe('formatDate: the one way the shop writes a date', () => {
  it('is the same function for the browser bundles and the services', () => {
    expect(browser.formatDate).toBe(server.formatDate);
  });

  it('writes a day as "12 Mar 2026" and, with the time, "12 Mar 2026, 14:05" (24-hour, padded)', () => {
    expect(formatDate('2026-03-12T14:05:09.000Z', { utc: true })).toBe('12 Mar 2026');
    expect(formatDate('2026-03-12T14:05:09.000Z', { utc: true, withTime: true })).toBe('12 Mar 2026, 14:05');
    expect(formatDate('2026-09-01T03:07:00.000Z', { utc: true, withTime: true })).toBe('1 Sep 2026, 03:07');
    expect(formatDate(Date.UTC(2025, 11, 31, 23, 59), { utc: true, withTime: true })).toBe('31 Dec 2025, 23:59');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5)), { utc: true })).toBe('5 Jan 2026');
  });

  it('shows a moment in the viewer’s time zone unless asked for UTC', () => {
    const at = new Date(2026, 2, 12, 9, 30); // 09:30 local, whatever the zone of the machine
    expect(formatDate(at.toISOString(), { withTime: true })).toBe('12 Mar 2026, 09:30');
  });

  it('reads a calendar date (a date of birth) as that day everywhere, with no time even when asked', () => {
    expect(formatDate('1990-07-04')).toBe('4 Jul 1990');
    expect(formatDate('1990-07-04', { withTime: true })).toBe('4 Jul 1990');
    expect(formatDate(' 2000-02-29 ')).toBe('29 Feb 2000');
  });

  it('shows the missing mark for nothing, an unreadable value or a day that does not exist', () => {
    expect(formatDate(undefined)).toBe(MISSING_VALUE);
    expect(formatDate(null)).toBe(MISSING_VALUE);
    expect(formatDate('')).toBe(MISSING_VALUE);
    expect(formatDate('yesterday')).toBe(MISSING_VALUE);
    expect(formatDate('2026-02-30')).toBe(MISSING_VALUE);
    expect(formatDate(Number.NaN)).toBe(MISSING_VALUE);
  });
});

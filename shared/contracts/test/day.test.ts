import { calendarDayIn, dayBoundsIn, minutesInWords, timeOfDayIn } from '../src/index';

// The pharmacy's day and clock (docs/domain.md#responsible-pharmacist): the responsible pharmacist's 2 hours are
// counted midnight to midnight in London, whether the clocks say GMT or BST.
describe("the pharmacy's day", () => {
  it('runs midnight to midnight on the London clock: 24 hours, 23 when the clocks go forward, 25 when they go back', () => {
    const hours = (day: string) => {
      const { start, end } = dayBoundsIn('Europe/London', day);
      return [start.toISOString(), (end.getTime() - start.getTime()) / 3_600_000];
    };
    expect(hours('2026-11-27')).toEqual(['2026-11-27T00:00:00.000Z', 24]);
    expect(hours('2027-07-01')).toEqual(['2027-06-30T23:00:00.000Z', 24]);
    expect(hours('2027-03-28')).toEqual(['2027-03-28T00:00:00.000Z', 23]);
    expect(hours('2026-10-25')).toEqual(['2026-10-24T23:00:00.000Z', 25]);
  });

  it('agrees with calendarDayIn at its edges', () => {
    const { start, end } = dayBoundsIn('Europe/London', '2027-07-01');
    expect(calendarDayIn('Europe/London', start)).toBe('2027-07-01');
    expect(calendarDayIn('Europe/London', new Date(start.getTime() - 1))).toBe('2027-06-30');
    expect(calendarDayIn('Europe/London', new Date(end.getTime() - 1))).toBe('2027-07-01');
    expect(calendarDayIn('Europe/London', end)).toBe('2027-07-02');
  });

  it('tells the time on the pharmacy clock', () => {
    expect(timeOfDayIn('Europe/London', new Date('2027-07-01T09:05:59Z'))).toBe('10:05');
    expect(timeOfDayIn('Europe/London', new Date('2026-11-27T23:59:00Z'))).toBe('23:59');
    expect(timeOfDayIn('Europe/Dublin', new Date('2027-07-01T23:30:00Z'))).toBe('00:30');
  });

  it('says a length of absence in hours and minutes', () => {
    expect([0, 45, 60, 80, 120, 125].map(minutesInWords)).toEqual(['0 min', '45 min', '1 h', '1 h 20 min', '2 h', '2 h 5 min']);
  });
});

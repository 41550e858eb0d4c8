// The responsible pharmacist (docs/domain.md#responsible-pharmacist), health data on a need-to-know basis
// (docs/domain.md#health-data) and the history of a shopper's health profile (docs/domain.md#health-history).
import { Type, type Static } from '@sinclair/typebox';
import { Ok, OkList, OneOf, PageFigures, StrictObject } from './envelope';
import { ABSENCE_NOTE_MAX, HEALTH_PROFILE_FIELDS } from './pharmacist.rules';

/** The pharmacist on duty as the public footer reads it (GET /api/account/pharmacist-on-duty). */
export const OnDutyPharmacist = StrictObject({
  name: Type.String(),
  registrationNumber: Type.String(),
  /** When they signed in as responsible pharmacist (ISO). */
  since: Type.String(),
  /** Since when they are away from the pharmacy (ISO), while they are: pharmacy medicines and prescriptions wait. */
  absentSince: Type.Optional(Type.String()),
});
export type OnDutyPharmacist = Static<typeof OnDutyPharmacist>;
export const PharmacistOnDutyResponse = Ok(StrictObject({ onDuty: Type.Union([OnDutyPharmacist, Type.Null()]) }));
export type PharmacistOnDutyResponse = Static<typeof PharmacistOnDutyResponse>;

/**
 * One absence of the responsible pharmacist from the premises: from, to (null while away), the note of how to reach
 * them. `overLimit` when the day's absences passed the 2 hours during this one (docs/domain.md#responsible-pharmacist).
 */
export const DutyAbsence = StrictObject({
  from: Type.String(),
  to: Type.Union([Type.String(), Type.Null()]),
  note: Type.Optional(Type.String()),
  overLimit: Type.Optional(Type.Literal(true)),
});
export type DutyAbsence = Static<typeof DutyAbsence>;

/** One period in the responsible pharmacist record: who, registration number, from, to (null while on duty). */
export const DutyPeriod = StrictObject({
  _id: Type.String(),
  pharmacistId: Type.String(),
  name: Type.String(),
  registrationNumber: Type.String(),
  from: Type.String(),
  to: Type.Union([Type.String(), Type.Null()]),
  /** Who ended the period when it was not the pharmacist themselves (an administrator). */
  endedByName: Type.Optional(Type.String()),
  /** The absences in the period, oldest first; the last is open (to: null) while the pharmacist is away. */
  absences: Type.Optional(Type.Array(DutyAbsence)),
  /** The absences' total in whole minutes (an open one counted to now). */
  absentMinutes: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type DutyPeriod = Static<typeof DutyPeriod>;
export const DutyPeriodResponse = Ok(DutyPeriod);
export type DutyPeriodResponse = Static<typeof DutyPeriodResponse>;
export const DutyRecordQuery = StrictObject({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type DutyRecordQuery = Static<typeof DutyRecordQuery>;
/** What the responsible pharmacist may record on stepping out: how to reach them, or who covers. */
export const StepOutBody = StrictObject({ note: Type.Optional(Type.String({ maxLength: ABSENCE_NOTE_MAX })) });
export type StepOutBody = Static<typeof StepOutBody>;
/** Today's absences in the pharmacy's day (midnight to midnight, `Market.timeZone`), all pharmacists together. */
export const AbsenceToday = StrictObject({
  day: Type.String(),
  usedMinutes: Type.Integer({ minimum: 0 }),
  leftMinutes: Type.Integer({ minimum: 0 }),
});
export type AbsenceToday = Static<typeof AbsenceToday>;
/**
 * The record newest first; `onDuty` is the open period, if any, so the panel needs one call; `absenceToday` what is
 * used and left of the day's 2 hours.
 */
export const DutyRecordResponse = OkList(DutyPeriod, { ...PageFigures, onDuty: Type.Union([DutyPeriod, Type.Null()]), absenceToday: Type.Optional(AbsenceToday) });
export type DutyRecordResponse = Static<typeof DutyRecordResponse>;

/** Service to service: who is on duty now, with their user id (checkout records it on a clinical decision). */
export const ResponsiblePharmacist = StrictObject({ id: Type.String(), name: Type.String(), registrationNumber: Type.String() });
export type ResponsiblePharmacist = Static<typeof ResponsiblePharmacist>;
/**
 * While the responsible pharmacist is away: since when (ISO), and that time on the pharmacy's clock (HH:MM,
 * `Market.timeZone`) for checkout's refusal, which need not know the zone.
 */
export const InternalAbsence = StrictObject({ since: Type.String(), sinceTime: Type.String() });
export type InternalAbsence = Static<typeof InternalAbsence>;
export const InternalOnDutyResponse = Ok(StrictObject({ onDuty: Type.Union([ResponsiblePharmacist, Type.Null()]), absent: Type.Optional(InternalAbsence) }));
export type InternalOnDutyResponse = Static<typeof InternalOnDutyResponse>;

/** One change to a shopper's health profile: when, which field, before and after (docs/domain.md#health-history). */
export const HealthChange = StrictObject({
  at: Type.String(),
  field: OneOf(HEALTH_PROFILE_FIELDS),
  before: Type.Union([Type.Array(Type.String()), Type.String(), Type.Null()]),
  after: Type.Union([Type.Array(Type.String()), Type.String(), Type.Null()]),
});
export type HealthChange = Static<typeof HealthChange>;
export const HealthChangesQuery = StrictObject({ since: Type.String({ format: 'date-time', maxLength: 40 }) });
export type HealthChangesQuery = Static<typeof HealthChangesQuery>;
export const HealthChangesResponse = Ok(StrictObject({ changes: Type.Array(HealthChange) }));
export type HealthChangesResponse = Static<typeof HealthChangesResponse>;

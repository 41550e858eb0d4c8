import { randomUUID } from 'node:crypto';
import {
  ABSENCE_LIMIT_REACHED_CODE, AccountRoutes, DutyPeriodResponse, DutyRecordQuery, DutyRecordResponse, InternalOnDutyResponse, NoQuery, ON_DUTY_MAX_AGE_SECONDS,
  PharmacistOnDutyResponse, StepOutBody, hasPermission, minutesInWords, timeOfDayIn, type DutyPeriod,
} from '@pharmacy/contracts';
import { isDuplicateKeyError } from '@pharmacy/db';
import type { FastifyRequest } from 'fastify';
import {
  conflict, forbidden, ok, okList, requireInternal, requireStaffFor, responses, toCsv, unprocessable, type FastifyPluginAsyncTypebox,
} from '@pharmacy/service-kit';
import type { Users } from '../users/store';
import { ABSENCE_LIMIT_MS, createAbsenceClock } from './absence';
import { toDutyPeriod, type AbsenceDoc, type DutyPeriodDoc, type DutyRecord } from './store';

const tags = ['responsible pharmacist'];
const RECORD_DEFAULT_LIMIT = 20;
export const NO_REGISTRATION_NUMBER =
  'Only a registered pharmacist can be the responsible pharmacist, and your account has no GPhC registration number. Ask an administrator to add it to your account.';
export const NOBODY_ON_DUTY = 'No pharmacist is signed in as responsible pharmacist.';
export const NOT_AWAY = 'You are not recorded as away from the pharmacy.';
const onlyTheyRecordAbsence = (p: DutyPeriodDoc) => `${p.name} is the responsible pharmacist: only they record their absence from the pharmacy.`;
const limitReached = (usedMinutes: number) =>
  `Today's absences already total ${minutesInWords(usedMinutes)}, and the responsible pharmacist may be away for at most 2 hours in a day. ` +
  'Stay at the pharmacy, or sign out so that another pharmacist can sign in.';

const fullName = (u: { firstName?: string; lastName?: string }) => [u.firstName, u.lastName].map((n) => (n ?? '').trim()).filter(Boolean).join(' ');
const alreadyOnDuty = (p: DutyPeriodDoc) =>
  `${p.name} (GPhC ${p.registrationNumber}) is the responsible pharmacist since ${p.from.toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
  'They sign out first, or an administrator ends their period.';

/**
 * The responsible pharmacist (docs/domain.md#responsible-pharmacist): one pharmacist at a time signs in and out; the
 * record of who, registration number, from and to is kept (never deleted) and exported; the footer reads who is on
 * duty; checkout asks before a clinical decision.
 */
export const responsiblePharmacistRoutes: FastifyPluginAsyncTypebox<{ users: Users; record: DutyRecord; internalToken: string; timeZone: string; now: () => Date }> = async (
  app,
  { users, record, internalToken, timeZone, now },
) => {
  const routes = AccountRoutes.responsible;
  const open = () => record.findOne({ onDuty: true });
  const clock = createAbsenceClock(record, timeZone);
  const audited = (request: FastifyRequest, action: string, period: DutyPeriodDoc, before: DutyPeriod | null, at: Date) =>
    request.audit({ action, entity: { type: 'responsiblePharmacist', id: period._id, name: `${period.name} (GPhC ${period.registrationNumber})` }, before, after: toDutyPeriod(period, at) });
  /** The open absence closed at `at`, flagged when it took the day past the 2 hours. */
  const closedAbsence = async (away: NonNullable<DutyPeriodDoc['away']>, at: Date): Promise<AbsenceDoc> => ({
    from: away.from,
    to: at,
    ...(away.note ? { note: away.note } : {}),
    ...((await clock.overLimit(new Date(away.from), at)) ? { overLimit: true as const } : {}),
  });
  /** The pharmacist on duty, who alone records their own absence. */
  const myPeriod = async (request: FastifyRequest): Promise<DutyPeriodDoc> => {
    const current = await open();
    if (!current) throw conflict(NOBODY_ON_DUTY);
    if (current.pharmacistId !== request.staff!.id) throw conflict(onlyTheyRecordAbsence(current));
    return current;
  };
  /** A period as staff read it at `at`: an open absence is flagged once the day's absences have passed the 2 hours. */
  const periodView = (doc: DutyPeriodDoc, at: Date, today: { usedMs: number }) => toDutyPeriod(doc, at, doc.away !== undefined && today.usedMs > ABSENCE_LIMIT_MS);
  const awayMessage = (since: Date) => `You are away from the pharmacy since ${timeOfDayIn(timeZone, since)}: pharmacy medicines and prescriptions wait until you are back.`;

  app.get(
    routes.onDuty.path,
    { schema: { tags, summary: 'The pharmacist on duty (the shop footer)', querystring: NoQuery, response: responses(PharmacistOnDutyResponse) } },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${ON_DUTY_MAX_AGE_SECONDS}`);
      const period = await open();
      if (!period) return ok({ onDuty: null });
      const { name, registrationNumber, from, away } = period;
      return ok({ onDuty: { name, registrationNumber, since: new Date(from).toISOString(), ...(away ? { absentSince: new Date(away.from).toISOString() } : {}) } });
    },
  );

  app.post(
    routes.signIn.path,
    { preHandler: requireStaffFor(routes.signIn), schema: { tags, summary: 'Sign in as the responsible pharmacist', querystring: NoQuery, response: responses(DutyPeriodResponse) } },
    async (request) => {
      const me = await users.findOne({ _id: request.user.sub }, { projection: { firstName: 1, lastName: 1, registrationNumber: 1 } });
      if (!me?.registrationNumber) throw unprocessable(NO_REGISTRATION_NUMBER, 'NO_REGISTRATION_NUMBER');
      const current = await open();
      if (current?.pharmacistId === me._id) return ok(toDutyPeriod(current, now()), 'You are already the responsible pharmacist.');
      if (current) throw conflict(alreadyOnDuty(current));
      const period: DutyPeriodDoc = { _id: randomUUID(), pharmacistId: me._id, name: fullName(me), registrationNumber: me.registrationNumber, from: now(), to: null, onDuty: true };
      try {
        await record.insertOne(period);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        // Someone signed in between the check and the write: the unique index decided.
        const winner = await open();
        if (winner?.pharmacistId === me._id) return ok(toDutyPeriod(winner, now()), 'You are already the responsible pharmacist.');
        throw conflict(winner ? alreadyOnDuty(winner) : 'Another pharmacist signed in at the same moment. Please reload.');
      }
      await audited(request, 'responsiblePharmacist.signIn', period, null, period.from);
      return ok(toDutyPeriod(period, period.from), 'You are now the responsible pharmacist.');
    },
  );

  app.post(
    routes.signOut.path,
    { preHandler: requireStaffFor(routes.signOut), schema: { tags, summary: 'End the responsible pharmacist period', querystring: NoQuery, response: responses(DutyPeriodResponse) } },
    async (request) => {
      const current = await open();
      if (!current) throw conflict(NOBODY_ON_DUTY);
      const staff = request.staff!;
      if (current.pharmacistId !== staff.id && !hasPermission(staff.roles, 'staff.manage')) {
        throw forbidden(`${current.name} is the responsible pharmacist: only they, or an administrator, can end their period.`);
      }
      // Signing out while away ends the absence at the same moment: the update is conditional on the absence read,
      // so one that ended meanwhile (Back) is not recorded twice.
      const at = now();
      const update = current.away
        ? { $set: { to: at, endedBy: { id: staff.id, name: staff.name } }, $unset: { onDuty: '', away: '' }, $push: { absences: await closedAbsence(current.away, at) } }
        : { $set: { to: at, endedBy: { id: staff.id, name: staff.name } }, $unset: { onDuty: '' } };
      const ended = await record.findOneAndUpdate(
        { _id: current._id, onDuty: true, ...(current.away ? { 'away.id': current.away.id } : { away: { $exists: false } }) },
        update,
        { returnDocument: 'after' },
      );
      if (!ended) {
        const still = await open();
        throw conflict(still?._id === current._id ? `${current.name} stepped out or came back meanwhile. Please try again.` : `${current.name} already signed out.`);
      }
      await audited(request, 'responsiblePharmacist.signOut', ended, toDutyPeriod(current, at), at);
      const whose = current.pharmacistId === staff.id ? 'You are no longer the responsible pharmacist.' : `${current.name} is no longer the responsible pharmacist.`;
      return ok(toDutyPeriod(ended, at), `${whose} Clinical decisions wait until a pharmacist signs in.`);
    },
  );

  app.post(
    routes.stepOut.path,
    {
      preHandler: requireStaffFor(routes.stepOut),
      schema: { tags, summary: 'The responsible pharmacist steps out of the pharmacy (an absence begins)', querystring: NoQuery, body: StepOutBody, response: responses(DutyPeriodResponse) },
    },
    async (request) => {
      const current = await myPeriod(request);
      const at = now();
      if (current.away) return ok(toDutyPeriod(current, at), awayMessage(current.away.from));
      const today = await clock.today(at);
      if (today.usedMs >= ABSENCE_LIMIT_MS) throw unprocessable(limitReached(today.usedMinutes), ABSENCE_LIMIT_REACHED_CODE);
      const note = request.body?.note?.trim();
      const away = { id: randomUUID(), from: at, ...(note ? { note } : {}) };
      // Conditional on no open absence: of two "Step out" at once, one begins the absence and the other finds it.
      const stepped = await record.findOneAndUpdate({ _id: current._id, onDuty: true, away: { $exists: false } }, { $set: { away } }, { returnDocument: 'after' });
      if (!stepped) {
        const latest = await open();
        if (latest?._id === current._id && latest.away) return ok(toDutyPeriod(latest, at), awayMessage(latest.away.from));
        throw conflict(`${current.name} signed out meanwhile.`);
      }
      await audited(request, 'responsiblePharmacist.absent', stepped, toDutyPeriod(current, at), at);
      return ok(toDutyPeriod(stepped, at), `${awayMessage(at)} ${minutesInWords(today.leftMinutes)} of today's 2 hours left.`);
    },
  );

  app.post(
    routes.back.path,
    { preHandler: requireStaffFor(routes.back), schema: { tags, summary: 'The responsible pharmacist is back at the pharmacy (the absence ends)', querystring: NoQuery, response: responses(DutyPeriodResponse) } },
    async (request) => {
      const current = await myPeriod(request);
      if (!current.away) throw conflict(NOT_AWAY);
      const at = now();
      const absence = await closedAbsence(current.away, at);
      const back = await record.findOneAndUpdate(
        { _id: current._id, 'away.id': current.away.id },
        { $unset: { away: '' }, $push: { absences: absence } },
        { returnDocument: 'after' },
      );
      if (!back) throw conflict(NOT_AWAY);
      await audited(request, 'responsiblePharmacist.returned', back, toDutyPeriod(current, at), at);
      const minutes = Math.floor((at.getTime() - new Date(absence.from).getTime()) / 60_000);
      const over = absence.overLimit ? " Today's absences went over the 2-hour limit: the record says so." : '';
      return ok(toDutyPeriod(back, at), `Welcome back: you were away ${minutesInWords(minutes)}. Pharmacy medicines and prescriptions can go ahead.${over}`);
    },
  );

  app.get(
    routes.record.path,
    { preHandler: requireStaffFor(routes.record), schema: { tags, summary: 'The responsible pharmacist record, newest first', querystring: DutyRecordQuery, response: responses(DutyRecordResponse) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page = 1, limit = RECORD_DEFAULT_LIMIT } = request.query;
      const at = now();
      const [periods, total, current, today] = await Promise.all([
        record.find({}, { sort: { from: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
        record.countDocuments({}),
        open(),
        clock.today(at),
      ]);
      const view = (p: DutyPeriodDoc) => periodView(p, at, today);
      const { day, usedMinutes, leftMinutes } = today;
      return okList(periods.map(view), { total, page, limit, onDuty: current ? view(current) : null, absenceToday: { day, usedMinutes, leftMinutes } });
    },
  );

  app.get(
    routes.recordExport.path,
    { preHandler: requireStaffFor(routes.recordExport), schema: { tags, summary: 'The responsible pharmacist record as CSV', querystring: NoQuery } },
    async (_request, reply) => {
      const at = now();
      const [periods, today] = await Promise.all([record.find({}, { sort: { from: 1, _id: 1 } }), clock.today(at)]);
      const csv = toCsv(
        ['Pharmacist', 'GPhC registration number', 'From (UTC)', 'To (UTC)', 'Ended by', 'Absences (UTC)', 'Absent (minutes)'],
        periods.map((doc) => {
          const p = periodView(doc, at, today);
          return [p.name, p.registrationNumber, p.from, p.to ?? 'on duty', p.endedByName ?? '', absencesCell(p), String(p.absentMinutes ?? 0)];
        }),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="responsible-pharmacist-record-${now().toISOString().slice(0, 10)}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    AccountRoutes.internal.onDuty.path,
    { onRequest: requireInternal(internalToken), schema: { hide: true, querystring: NoQuery, response: responses(InternalOnDutyResponse) } },
    async () => {
      const period = await open();
      if (!period) return ok({ onDuty: null });
      const onDuty = { id: period.pharmacistId, name: period.name, registrationNumber: period.registrationNumber };
      if (!period.away) return ok({ onDuty });
      const since = new Date(period.away.from);
      return ok({ onDuty, absent: { since: since.toISOString(), sinceTime: timeOfDayIn(timeZone, since) } });
    },
  );
};

/** The absences of a period in one cell: "from to to (note), over the 2-hour limit; ...". */
function absencesCell(period: DutyPeriod): string {
  return (period.absences ?? [])
    .map((a) => `${a.from} to ${a.to ?? 'still away'}${a.note ? ` (${a.note})` : ''}${a.overLimit ? ', over the 2-hour limit' : ''}`)
    .join('; ');
}

import { randomUUID } from 'node:crypto';
import {
  AccountRoutes, DutyPeriodResponse, DutyRecordQuery, DutyRecordResponse, InternalOnDutyResponse, NoQuery, ON_DUTY_MAX_AGE_SECONDS, PharmacistOnDutyResponse,
  hasPermission, type DutyPeriod,
} from '@pharmacy/contracts';
import { isDuplicateKeyError } from '@pharmacy/db';
import type { FastifyRequest } from 'fastify';
import {
  conflict, forbidden, ok, okList, requireInternal, requireStaffFor, responses, toCsv, unprocessable, type FastifyPluginAsyncTypebox,
} from '@pharmacy/service-kit';
import type { Users } from '../users/store';
import { toDutyPeriod, type DutyPeriodDoc, type DutyRecord } from './store';

const tags = ['responsible pharmacist'];
const RECORD_DEFAULT_LIMIT = 20;
export const NO_REGISTRATION_NUMBER =
  'Only a registered pharmacist can be the responsible pharmacist, and your account has no GPhC registration number. Ask an administrator to add it to your account.';
export const NOBODY_ON_DUTY = 'No pharmacist is signed in as responsible pharmacist.';

const fullName = (u: { firstName?: string; lastName?: string }) => [u.firstName, u.lastName].map((n) => (n ?? '').trim()).filter(Boolean).join(' ');
const alreadyOnDuty = (p: DutyPeriodDoc) =>
  `${p.name} (GPhC ${p.registrationNumber}) is the responsible pharmacist since ${p.from.toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
  'They sign out first, or an administrator ends their period.';

/**
 * The responsible pharmacist (docs/domain.md#responsible-pharmacist): one pharmacist at a time signs in and out; the
 * record of who, registration number, from and to is kept (never deleted) and exported; the footer reads who is on
 * duty; checkout asks before a clinical decision.
 */
export const responsiblePharmacistRoutes: FastifyPluginAsyncTypebox<{ users: Users; record: DutyRecord; internalToken: string; now: () => Date }> = async (
  app,
  { users, record, internalToken, now },
) => {
  const routes = AccountRoutes.responsible;
  const open = () => record.findOne({ onDuty: true });
  const audited = (request: FastifyRequest, action: string, period: DutyPeriodDoc, before: DutyPeriod | null) =>
    request.audit({ action, entity: { type: 'responsiblePharmacist', id: period._id, name: `${period.name} (GPhC ${period.registrationNumber})` }, before, after: toDutyPeriod(period) });

  app.get(
    routes.onDuty.path,
    { schema: { tags, summary: 'The pharmacist on duty (the shop footer)', querystring: NoQuery, response: responses(PharmacistOnDutyResponse) } },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${ON_DUTY_MAX_AGE_SECONDS}`);
      const period = await open();
      return ok({ onDuty: period ? { name: period.name, registrationNumber: period.registrationNumber, since: period.from.toISOString() } : null });
    },
  );

  app.post(
    routes.signIn.path,
    { preHandler: requireStaffFor(routes.signIn), schema: { tags, summary: 'Sign in as the responsible pharmacist', querystring: NoQuery, response: responses(DutyPeriodResponse) } },
    async (request) => {
      const me = await users.findOne({ _id: request.user.sub }, { projection: { firstName: 1, lastName: 1, registrationNumber: 1 } });
      if (!me?.registrationNumber) throw unprocessable(NO_REGISTRATION_NUMBER, 'NO_REGISTRATION_NUMBER');
      const current = await open();
      if (current?.pharmacistId === me._id) return ok(toDutyPeriod(current), 'You are already the responsible pharmacist.');
      if (current) throw conflict(alreadyOnDuty(current));
      const period: DutyPeriodDoc = { _id: randomUUID(), pharmacistId: me._id, name: fullName(me), registrationNumber: me.registrationNumber, from: now(), to: null, onDuty: true };
      try {
        await record.insertOne(period);
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        // Someone signed in between the check and the write: the unique index decided.
        const winner = await open();
        if (winner?.pharmacistId === me._id) return ok(toDutyPeriod(winner), 'You are already the responsible pharmacist.');
        throw conflict(winner ? alreadyOnDuty(winner) : 'Another pharmacist signed in at the same moment. Please reload.');
      }
      await audited(request, 'responsiblePharmacist.signIn', period, null);
      return ok(toDutyPeriod(period), 'You are now the responsible pharmacist.');
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
      const ended = await record.findOneAndUpdate(
        { _id: current._id, onDuty: true },
        { $set: { to: now(), endedBy: { id: staff.id, name: staff.name } }, $unset: { onDuty: '' } },
        { returnDocument: 'after' },
      );
      if (!ended) throw conflict(`${current.name} already signed out.`);
      await audited(request, 'responsiblePharmacist.signOut', ended, toDutyPeriod(current));
      const whose = current.pharmacistId === staff.id ? 'You are no longer the responsible pharmacist.' : `${current.name} is no longer the responsible pharmacist.`;
      return ok(toDutyPeriod(ended), `${whose} Clinical decisions wait until a pharmacist signs in.`);
    },
  );

  app.get(
    routes.record.path,
    { preHandler: requireStaffFor(routes.record), schema: { tags, summary: 'The responsible pharmacist record, newest first', querystring: DutyRecordQuery, response: responses(DutyRecordResponse) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page = 1, limit = RECORD_DEFAULT_LIMIT } = request.query;
      const [periods, total, current] = await Promise.all([
        record.find({}, { sort: { from: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
        record.countDocuments({}),
        open(),
      ]);
      return okList(periods.map(toDutyPeriod), { total, page, limit, onDuty: current ? toDutyPeriod(current) : null });
    },
  );

  app.get(
    routes.recordExport.path,
    { preHandler: requireStaffFor(routes.recordExport), schema: { tags, summary: 'The responsible pharmacist record as CSV', querystring: NoQuery } },
    async (_request, reply) => {
      const periods = await record.find({}, { sort: { from: 1, _id: 1 } });
      const csv = toCsv(
        ['Pharmacist', 'GPhC registration number', 'From (UTC)', 'To (UTC)', 'Ended by'],
        periods.map(toDutyPeriod).map((p) => [p.name, p.registrationNumber, p.from, p.to ?? 'on duty', p.endedByName ?? '']),
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
      return ok({ onDuty: period ? { id: period.pharmacistId, name: period.name, registrationNumber: period.registrationNumber } : null });
    },
  );
};

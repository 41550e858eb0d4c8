import {
  CheckoutRoutes,
  PrescriptionParams,
  RejectPrescriptionBody,
  ShopperPrescriptionResponse,
  StaffPrescriptionResponse,
  StaffPrescriptionsQuery,
  StaffPrescriptionsResponse,
  StrictObject,
  VerifyPrescriptionBody,
  prescriptionExpiresOn,
  prescriptionUsableOn,
  type MarketCode,
  type PrescriptionDecision,
  type ResponsiblePharmacist,
} from '@pharmacy/contracts';
import type { BlobStore, Collection } from '@pharmacy/db';
import { badRequest, conflict, notFound, ok, okList, requireStaffFor, responses, unprocessable, type FastifyPluginAsyncTypebox, type HttpError } from '@pharmacy/service-kit';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { responsiblePharmacistFor } from '../admin/on-duty';
import type { AccountClient } from '../clients/account';
import type { CatalogClient } from '../clients/catalog';
import type { OrderDoc } from '../orders/store';
import type { PrescriptionMail } from './mail';
import { prescriptionProducts } from './products';
import type { Repeats } from './repeat';
import { sendPrescriptionFile } from './shopper-routes';
import { shopToday } from './standing';
import { shopperOf, staffPrescription } from './staff-detail';
import type { PrescriptionDoc, PrescriptionStore } from './store';
import { prescriptionEntity, shopperView, staffRow } from './views';

export const PRESCRIPTIONS_PAGE_SIZE = 20;
const NoQuery = StrictObject({});

/** Whether a YYYY-MM-DD is a real calendar day (the schema checks only its shape). */
const isCalendarDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/** What an already decided prescription answers a second decision: who decided what, and when. */
function alreadyDecided(p: PrescriptionDoc): HttpError {
  const who = p.decision ? ` by ${p.decision.by.name} on ${p.decision.at.slice(0, 16).replace('T', ' ')} UTC` : '';
  return conflict(`This prescription was already ${p.status === 'verified' ? 'verified' : 'rejected'}${who}; the decision cannot change.`);
}

/**
 * The pharmacist's prescriptions (docs/api.md#prescriptions): the queue, one prescription beside the shopper's health
 * profile, its file, and the two decisions. Every route needs clinical.review; every read of a file or of health data
 * and every decision is recorded in the audit trail.
 */
export const staffPrescriptionRoutes: FastifyPluginAsyncTypebox<{
  prescriptions: PrescriptionStore;
  files: BlobStore;
  orders: Collection<OrderDoc>;
  account: AccountClient;
  catalog: CatalogClient;
  mail: PrescriptionMail;
  repeats: Pick<Repeats, 'giveBack'>;
  market: MarketCode;
  now: () => Date;
}> = async (app, { prescriptions, files, orders, account, catalog, mail, repeats, market, now }) => {
  const tags = ['admin prescriptions'];
  const { adminPrescriptions: routes } = CheckoutRoutes;
  const today = () => shopToday(now(), market);

  async function load(id: string) {
    const p = await prescriptions.get(id);
    if (!p) throw notFound('No prescription with this id.');
    return p;
  }

  /** The decision's record: by whom (by name and role), when, under which responsible pharmacist. */
  function decisionBy(request: FastifyRequest, responsible: ResponsiblePharmacist, acknowledgedWarnings: string[]): PrescriptionDecision {
    const staff = request.staff!;
    const name = staff.name && staff.name !== staff.id ? staff.name : 'A pharmacist';
    return {
      by: { id: staff.id, name, role: staff.role, ...(staff.id === responsible.id ? { registrationNumber: responsible.registrationNumber } : {}) },
      at: now().toISOString(),
      responsiblePharmacist: responsible,
      acknowledgedWarnings,
    };
  }

  app.get(routes.list.path, { onRequest: requireStaffFor(routes.list), schema: { tags, querystring: StaffPrescriptionsQuery, response: responses(StaffPrescriptionsResponse) } }, async (request) => {
    const { status = 'awaiting_check', page = 1, limit = PRESCRIPTIONS_PAGE_SIZE } = request.query;
    const { docs, total } = await prescriptions.queue(status, page, limit);
    const names = new Map(await Promise.all([...new Set(docs.map((d) => d.userId))].map(async (id) => [id, (await shopperOf(account, id)).name] as const)));
    const day = today();
    return okList(docs.map((d) => staffRow(d, names.get(d.userId) ?? '', day)), { total, page, limit });
  });

  app.get(routes.details.path, { onRequest: requireStaffFor(routes.details), schema: { tags, params: PrescriptionParams, querystring: NoQuery, response: responses(StaffPrescriptionResponse) } }, async (request) =>
    ok(await staffPrescription(request, await load(request.params.id), today(), { prescriptions, orders, account, catalog })),
  );

  app.get(
    routes.file.path,
    { onRequest: requireStaffFor(routes.file), schema: { tags, params: PrescriptionParams, querystring: NoQuery, response: responses(Type.Any({ description: 'The file bytes' })) } },
    async (request, reply) => {
      const p = await load(request.params.id);
      if (!p.file) throw notFound('This prescription has no file: it is an electronic prescription or a repeat request.');
      const { name } = await shopperOf(account, p.userId);
      // Recorded before the bytes go: a read the trail does not show must not happen.
      await request.audit({ action: 'prescription.file.read', entity: prescriptionEntity(p, name), after: { contentType: p.file.contentType, bytes: p.file.bytes } });
      return sendPrescriptionFile(reply, files, p.file.blobId);
    },
  );

  app.post(
    routes.verify.path,
    { onRequest: requireStaffFor(routes.verify), schema: { tags, params: PrescriptionParams, body: VerifyPrescriptionBody, response: responses(ShopperPrescriptionResponse) } },
    async (request) => {
      const body = request.body;
      const p = await load(request.params.id);
      if (p.status !== 'awaiting_check') throw alreadyDecided(p);
      const responsible = await responsiblePharmacistFor(request, account);
      const day = today();
      if (!isCalendarDay(body.writtenOn)) throw badRequest('The date the prescription was written is not a real date.');
      if (body.writtenOn > day) throw unprocessable('The date the prescription was written cannot be in the future.');
      if (!prescriptionUsableOn(body.writtenOn, day)) {
        throw unprocessable('This prescription was written more than 6 months ago, so it has expired and cannot be dispensed. Reject it and ask the shopper for a new one.');
      }
      const productIds = body.items.map((i) => i.productId);
      if (new Set(productIds).size !== productIds.length) throw badRequest('Each medicine can be on the prescription once: put the whole quantity on one line.');
      const lines = await prescriptionProducts(catalog, productIds, await account.safetyProfile(p.userId));
      const warnings = lines.flatMap((l) => l.warnings.map((w) => `${l.title}: ${w.message}`));
      if (warnings.length > 0 && !body.warningsAcknowledged) {
        throw unprocessable(`The shopper's health profile raises warnings for this prescription. Read them and confirm you have: ${warnings.join(' ')}`, 'SAFETY_ACK_REQUIRED');
      }
      const items = body.items.map((i, n) => ({
        id: randomUUID(), productId: i.productId, title: lines[n].title, quantity: i.quantity, quantityLeft: i.quantity,
        directions: i.directions.trim(), repeatsAllowed: i.repeatsAllowed, repeatsUsed: 0,
      }));
      const note = body.note?.trim();
      const verified = await prescriptions.verify(p._id, {
        items, prescriber: body.prescriber, writtenOn: body.writtenOn, expiresOn: prescriptionExpiresOn(body.writtenOn),
        decision: decisionBy(request, responsible, warnings), ...(note ? { pharmacistNote: note } : {}),
      });
      if (!verified) throw alreadyDecided(await load(p._id));
      const { name } = await shopperOf(account, p.userId);
      await request.audit({
        action: 'prescription.verify',
        entity: prescriptionEntity(verified, name),
        before: { status: 'awaiting_check' },
        after: {
          status: 'verified',
          items: items.map((i) => `${i.quantity} × ${i.title}: ${i.directions} (repeats ${i.repeatsAllowed})`),
          prescriber: body.prescriber.name, writtenOn: body.writtenOn, expiresOn: verified.expiresOn,
          responsiblePharmacist: responsible.name, ...(warnings.length ? { acknowledgedWarnings: warnings } : {}),
        },
      });
      await mail.send(verified);
      return ok(shopperView(verified, day), 'Prescription verified. The shopper can now order against it and has been emailed.');
    },
  );

  app.post(
    routes.reject.path,
    { onRequest: requireStaffFor(routes.reject), schema: { tags, params: PrescriptionParams, body: RejectPrescriptionBody, response: responses(ShopperPrescriptionResponse) } },
    async (request) => {
      const reason = request.body.reason.trim();
      if (reason.length < 3) throw badRequest('Please give the shopper a reason: it is what they read.');
      // A rejected repeat request's repeat goes back to the original; a repeated reject finishes one a stop cut short.
      const decided = async (done: PrescriptionDoc) => {
        await repeats.giveBack(done);
        return alreadyDecided(done);
      };
      const p = await load(request.params.id);
      if (p.status !== 'awaiting_check') throw await decided(p);
      const responsible = await responsiblePharmacistFor(request, account);
      const rejected = await prescriptions.reject(p._id, reason, decisionBy(request, responsible, []));
      if (!rejected) throw await decided(await load(p._id));
      await repeats.giveBack(rejected);
      const { name } = await shopperOf(account, p.userId);
      await request.audit({
        action: 'prescription.reject',
        entity: prescriptionEntity(rejected, name),
        before: { status: 'awaiting_check' },
        after: { status: 'rejected', reason, responsiblePharmacist: responsible.name, ...(rejected.repeatOf ? { repeatGivenBackTo: rejected.repeatOf } : {}) },
      });
      await mail.send(rejected);
      return ok(shopperView(rejected, today()), 'Prescription rejected. The shopper has been emailed the reason.');
    },
  );
};

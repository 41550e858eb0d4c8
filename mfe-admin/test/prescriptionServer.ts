import {
  NO_RESPONSIBLE_PHARMACIST,
  NO_RESPONSIBLE_PHARMACIST_CODE,
  prescriptionExpiresOn,
  type Product,
  type RejectPrescriptionBody,
  type StaffPrescription,
  type StaffPrescriptionRow,
  type VerifyPrescriptionBody,
} from '@pharmacy/contracts';
import { fail, fakeApi, ok, okList, type FakeApi } from '@pharmacy/test-kit';
import { makeProduct } from './fixtures';

export const PHIL = { id: 'staff-pharmacist', name: 'Phil Pharmacist', role: 'pharmacist', registrationNumber: '2054321' };
export const DECIDED_AT = '2026-11-27T10:14:00.000Z';

/** A paper prescription waiting for a pharmacist: Alice's photo for co-codamol, her profile raising a warning. */
export function makePrescription(over: Partial<StaffPrescription> & { _id: string }): StaffPrescription {
  return {
    userId: 'u-alice',
    source: 'paper',
    status: 'awaiting_check',
    standing: 'awaiting_check',
    createdAt: '2026-11-26T08:15:00.000Z',
    forProduct: { productId: 'p-cocodamol', title: 'Co-codamol 30/500mg Tablets' },
    hasFile: true,
    fileType: 'image/jpeg',
    items: [],
    shopper: { name: 'Alice Smith', email: 'alice@example.com' },
    health: { DOB: '1990-05-14', allergies: ['Penicillin'], healthConditions: ['Asthma'] },
    history: [{ kind: 'order', id: 'o-1', at: '2026-10-02T09:00:00.000Z', summary: 'Order #FC34A420: Ibuprofen 200 mg x2' }],
    warnings: [{ productId: 'p-cocodamol', message: 'Contains codeine: check breathing problems (asthma).' }],
    ...over,
  };
}

export const PRESCRIPTION_PRODUCTS: Product[] = [
  makeProduct({ _id: 'p-cocodamol', title: 'Co-codamol 30/500mg Tablets', requiresPrescription: true, packSize: '32 tablets' }),
  makeProduct({ _id: 'p-amox', title: 'Amoxicillin 500mg Capsules', requiresPrescription: true, packSize: '21 capsules' }),
  makeProduct({ _id: 'p-ibu', title: 'Ibuprofen 200 mg', requiresPrescription: false }),
];

const rowOf = (p: StaffPrescription): StaffPrescriptionRow => ({
  _id: p._id,
  userId: p.userId,
  shopperName: p.shopper.name,
  source: p.source,
  status: p.status,
  standing: p.standing,
  createdAt: p.createdAt,
  ...(p.forProduct ? { forProduct: p.forProduct } : {}),
  ...(p.decision ? { decidedByName: p.decision.by.name, decidedAt: p.decision.at } : {}),
  ...(p.expiresOn ? { expiresOn: p.expiresOn } : {}),
});

/** `warningsFor`: what the shopper's profile raises for a medicine the pharmacist chooses (beyond the detail's own). */
export type PrescriptionServer = FakeApi & { prescriptions: Map<string, StaffPrescription>; onDuty: boolean; warningsFor: Map<string, string> };

/**
 * The checkout service's prescription routes as the check screen meets them: the list by status, oldest first and
 * paged; a decision refused with nobody on duty (409), once decided (409), or with warnings not acknowledged (422),
 * else stored as the service would (items numbered, expiry 6 months on, the decision by name).
 */
export function prescriptionServer(initial: StaffPrescription[], products: Product[] = PRESCRIPTION_PRODUCTS): PrescriptionServer {
  const prescriptions = new Map(initial.map((p) => [p._id, p]));
  const server = Object.assign(fakeApi(), { prescriptions, onDuty: true, warningsFor: new Map<string, string>() });
  server.on('GET', '/api/admin/orders/get', okList([], { total: 0, page: 1, limit: 20, awaitingReview: 3 }));
  server.on('GET', '/api/shop/products/get', (req) => okList(products, { total: products.length, page: Number(req.query.page), limit: Number(req.query.limit) }));
  server.on('GET', '/api/admin/prescriptions', (req) => {
    const page = Number(req.query.page ?? 1);
    const limit = Number(req.query.limit ?? 20);
    const all = [...prescriptions.values()].filter((p) => p.status === req.query.status).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return okList(all.slice((page - 1) * limit, page * limit).map(rowOf), { total: all.length, page, limit });
  });
  const idOf = (path: string) => path.split('/')[4];
  server.on('GET', /^\/api\/admin\/prescriptions\/[^/]+$/, (req) => {
    const p = prescriptions.get(idOf(req.path));
    return p ? ok(p) : fail(404, 'No prescription with this ID.', 'NOT_FOUND');
  });
  const decide = (id: string, change: () => StaffPrescription) => {
    const p = prescriptions.get(id);
    if (!p) return fail(404, 'No prescription with this ID.', 'NOT_FOUND');
    if (!server.onDuty) return fail(409, NO_RESPONSIBLE_PHARMACIST, NO_RESPONSIBLE_PHARMACIST_CODE);
    if (p.status !== 'awaiting_check') return fail(409, 'This prescription has already been decided.', 'CONFLICT');
    const next = change();
    prescriptions.set(id, next);
    return ok(next);
  };
  const decision = (warnings: string[]) => ({ by: PHIL, at: DECIDED_AT, responsiblePharmacist: { id: PHIL.id, name: PHIL.name, registrationNumber: PHIL.registrationNumber }, acknowledgedWarnings: warnings });
  server.on('POST', /^\/api\/admin\/prescriptions\/[^/]+\/verify$/, (req) => {
    const id = idOf(req.path);
    const body = req.body as VerifyPrescriptionBody;
    const p = prescriptions.get(id);
    // As the service does: the warnings of the medicines on the form, which may not be the one it was added for.
    const warnings = body.items.flatMap((i) => [
      ...(p?.warnings ?? []).filter((w) => w.productId === i.productId).map((w) => w.message),
      ...(server.warningsFor.has(i.productId) ? [server.warningsFor.get(i.productId) as string] : []),
    ]);
    if (warnings.length > 0 && !body.warningsAcknowledged) {
      return fail(422, `The shopper's health profile raises warnings for this prescription. Read them and confirm you have: ${warnings.join(' ')}`, 'SAFETY_ACK_REQUIRED');
    }
    return decide(id, () => ({
      ...(p as StaffPrescription),
      status: 'verified',
      standing: 'verified',
      items: body.items.map((item, i) => ({
        id: `${id}-item-${i + 1}`,
        productId: item.productId,
        title: products.find((x) => x._id === item.productId)?.title ?? item.productId,
        quantity: item.quantity,
        quantityLeft: item.quantity,
        directions: item.directions,
        repeatsAllowed: item.repeatsAllowed,
        repeatsUsed: 0,
      })),
      prescriber: body.prescriber,
      writtenOn: body.writtenOn,
      expiresOn: prescriptionExpiresOn(body.writtenOn),
      ...(body.note ? { pharmacistNote: body.note } : {}),
      decision: decision(warnings),
    }));
  });
  server.on('POST', /^\/api\/admin\/prescriptions\/[^/]+\/reject$/, (req) => {
    const id = idOf(req.path);
    const { reason } = req.body as RejectPrescriptionBody;
    return decide(id, () => ({ ...(prescriptions.get(id) as StaffPrescription), status: 'rejected', standing: 'rejected', pharmacistNote: reason, decision: decision([]) }));
  });
  return server;
}

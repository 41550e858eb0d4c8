import { orderNumber, type StaffPrescription } from '@pharmacy/contracts';
import type { Collection } from '@pharmacy/db';
import type { FastifyRequest } from 'fastify';
import type { AccountClient } from '../clients/account';
import type { CatalogClient } from '../clients/catalog';
import type { OrderDoc } from '../orders/store';
import type { PrescriptionDoc, PrescriptionStore } from './store';
import { prescriptionEntity, shopperView } from './views';

const HISTORY_LIMIT = 20;

export interface StaffDetailDeps {
  prescriptions: PrescriptionStore;
  orders: Collection<OrderDoc>;
  account: Pick<AccountClient, 'safetyProfile' | 'userName'>;
  catalog: Pick<CatalogClient, 'quote'>;
}

/** Who the shopper is, as the pharmacist reads it; a shopper the account service no longer knows is named as such. */
export async function shopperOf(account: Pick<AccountClient, 'userName'>, userId: string): Promise<{ name: string; email: string }> {
  try {
    return await account.userName(userId);
  } catch {
    return { name: 'Unknown shopper', email: '' };
  }
}

/** The products a prescription is about: its items once verified, else the e-prescription's, else the product it was added for. */
function productIdsOf(p: PrescriptionDoc): string[] {
  if (p.items.length > 0) return p.items.map((i) => i.productId);
  if (p.eprescription) return p.eprescription.items.map((i) => i.productId);
  return p.forProduct ? [p.forProduct.productId] : [];
}

/**
 * One prescription for the checking pharmacist (docs/api.md#prescriptions): the shopper's health profile beside it
 * (recorded in the audit trail as a `health.read`, which fields, never their values), their earlier prescriptions
 * and orders of pharmacy or prescription medicines, and the warnings the profile raises for its products.
 */
export async function staffPrescription(request: FastifyRequest, p: PrescriptionDoc, today: string, deps: StaffDetailDeps): Promise<StaffPrescription> {
  const [shopper, profile, earlier, orders] = await Promise.all([
    shopperOf(deps.account, p.userId),
    deps.account.safetyProfile(p.userId),
    deps.prescriptions.listByOwner(p.userId),
    deps.orders.find(
      { userId: p.userId, $or: [{ 'items.pharmacyOnly': true }, { 'items.prescription': { $exists: true } }] },
      { sort: { createdAt: -1 }, limit: HISTORY_LIMIT },
    ),
  ]);
  // An e-prescription may name a product the catalogue no longer sells: its warnings are then the ones we can give.
  const productIds = productIdsOf(p);
  const lines = productIds.length ? await deps.catalog.quote(productIds.map((productId) => ({ productId, quantity: 1 })), profile).then((q) => q.items) : [];
  const warnings = lines.flatMap((line) => line.warnings.map((w) => ({ productId: line.productId, message: w.message })));
  const history: StaffPrescription['history'] = [
    ...earlier
      .filter((e) => e._id !== p._id)
      .slice(0, HISTORY_LIMIT)
      .map((e) => ({
        kind: 'prescription' as const,
        id: e._id,
        at: e.createdAt,
        summary: `${e.source} prescription, ${e.status.replace('_', ' ')}${e.items.length ? `: ${e.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}` : ''}`,
      })),
    ...orders.map((o) => ({
      kind: 'order' as const,
      id: o._id,
      at: new Date(o.createdAt).toISOString(),
      summary: `Order ${o.orderNumber ?? orderNumber(o._id)} (${o.orderStatus}): ${o.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));

  await request.audit({ action: 'health.read', entity: prescriptionEntity(p, shopper.name), after: { fields: ['DOB', 'allergies', 'healthConditions', 'history'] } });
  return {
    ...shopperView(p, today),
    userId: p.userId,
    shopper,
    ...(p.eprescription ? { eprescription: p.eprescription } : {}),
    health: { DOB: profile.DOB ?? null, allergies: profile.allergies, healthConditions: profile.healthConditions },
    history,
    warnings,
    ...(p.decision ? { decision: p.decision } : {}),
  };
}


import { DEMO_PHARMACIST, DEMO_SHOPPER, orderNumber, type Market } from '@pharmacy/contracts';
import { isDuplicateKeyError, type Collection } from '@pharmacy/db';
import type { FastifyBaseLogger } from 'fastify';
import { keepSeeding } from '../demo-seeding';
import type { AccountClient } from '../clients/account';
import type { CatalogClient } from '../clients/catalog';
import type { DeliveryPricing } from '../delivery/pricing';
import { NO_REVIEW_NEEDED, type OrderDoc } from '../orders/store';
import type { OrderBatches } from './order-batches';
import type { Recalls } from './service';
import type { RecallDoc } from './store';

/** Fixed ids (SUPPLY-COMMON: the catalog seeds the batch): a second start finds them and adds nothing. */
export const DEMO_RECALL = {
  recallId: 'demo-recall-chlorphenamine',
  orderId: 'demo-order-recalled',
  batchId: 'demo-batch-recalled',
  productTitle: 'Chlorphenamine 4mg Allergy Tablets',
} as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoRecallDeps {
  recalls: Recalls;
  recallDocs: Collection<RecallDoc>;
  orders: Collection<OrderDoc>;
  batches: Pick<OrderBatches, 'record'>;
  catalog: Pick<CatalogClient, 'quote' | 'reserve' | 'commit' | 'listed'>;
  account: Pick<AccountClient, 'userIdsByEmail'>;
  market: Market;
  pricing: DeliveryPricing;
  now: () => Date;
}

/**
 * The demo shopper's delivered order of a pack from the recalled batch, made as the shop makes one (the catalog
 * reserves and commits it under the order's id and answers its batches), dated ten days ago.
 */
async function demoOrder(deps: DemoRecallDeps, shopperId: string, productId: string): Promise<void> {
  const { orderId } = DEMO_RECALL;
  const line = { productId, quantity: 1 };
  const quote = await deps.catalog.quote([line]);
  const q = quote.items[0];
  const reservation = await deps.catalog.reserve(orderId, [line]);
  const subtotalCents = q.unitPriceCents;
  const { delivery, price } = deps.pricing.orderDelivery(deps.pricing.chooseDelivery(undefined), subtotalCents);
  const at = deps.now().getTime() - 10 * DAY_MS;
  const order: OrderDoc = {
    _id: orderId, orderNumber: orderNumber(orderId), userId: shopperId,
    items: [{ productId, title: q.title, image: q.image ?? '', brand: q.brand ?? '', unitPriceCents: q.unitPriceCents, quantity: 1, warnings: [] }],
    productIds: [productId],
    address: { addressId: 'demo-address', fullName: 'Sam Shopper', line1: '221B Baker Street', line2: '', city: 'London', region: '', postalCode: 'NW1 6XE', country: deps.market.code, phone: '+44 20 7946 0000', notes: '' },
    totalCents: price.totalCents, subtotalCents, delivery, taxIncludedCents: price.taxIncludedCents, taxRatePercent: price.taxRatePercent, currency: deps.market.currency,
    orderStatus: 'delivered', paymentStatus: 'paid', paymentMethod: 'sandbox', paymentId: `DEMO-${orderId}`, paymentURL: '', payerId: 'DEMO', captureId: `DEMO-CAPTURE-${orderId}`,
    stock: 'commit-pending', captureLockUntil: 0, capturing: null, acknowledgedWarnings: [], acknowledgedAt: null, consultation: [], unrecognisedTerms: [],
    review: NO_REVIEW_NEEDED, mailsDue: [],
    history: [
      { field: 'paymentStatus', from: 'pending', to: 'paid', at: at + 60_000, by: 'system', note: 'Captured by sandbox' },
      { field: 'orderStatus', from: 'pending', to: 'confirmed', at: at + 60_000, by: 'system', note: 'Paid' },
      { field: 'orderStatus', from: 'confirmed', to: 'delivered', at: at + 2 * DAY_MS, by: 'system', note: 'Demo data' },
    ],
    createdAt: at, updatedAt: at + 2 * DAY_MS, expiresAt: at + 30 * 60_000,
  };
  try {
    await deps.orders.insertOne(order);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  await deps.batches.record(orderId, reservation, false);
  await deps.batches.record(orderId, await deps.catalog.commit(orderId), true);
  await deps.orders.updateOne({ _id: orderId, stock: 'commit-pending' }, { $set: { stock: 'committed' } });
}

/**
 * The demo's recall (docs/domain.md#recalls): a class 2 recall of the catalog's `demo-batch-recalled`, recorded
 * through the same service call staff use after the demo shopper's order of it, so the order is listed and the
 * shopper's notice is mailed. Returns false while the shopper, the product or the batch is not there yet.
 */
export async function seedDemoRecall(deps: DemoRecallDeps): Promise<boolean> {
  if (await deps.recallDocs.findOne({ _id: DEMO_RECALL.recallId })) return true;
  const [shopperId] = await deps.account.userIdsByEmail(DEMO_SHOPPER.email);
  const [pharmacistId] = await deps.account.userIdsByEmail(DEMO_PHARMACIST.email);
  const productId = (await deps.catalog.listed()).find((p) => p.title === DEMO_RECALL.productTitle)?.productId;
  if (!shopperId || !productId) return false;
  const order = await deps.orders.findOne({ _id: DEMO_RECALL.orderId });
  if (!order || order.stock !== 'committed') await demoOrder(deps, shopperId, productId);
  await deps.recalls.create(
    {
      batchIds: [DEMO_RECALL.batchId],
      recallClass: 2,
      reason: 'Some packs of this batch may contain tablets of a higher strength than the label says.',
      action: 'Stop taking these tablets. Check the lot number on the pack: if it is CHL-24-117, bring it back to the pharmacy for a refund.',
    },
    { id: pharmacistId ?? 'system', name: 'Priya Pharmacist' },
    DEMO_RECALL.recallId,
  );
  return true;
}

/** seedDemoRecall until it is in (docs/operations.md#demo-data). */
export const keepSeedingDemoRecall = (deps: DemoRecallDeps, log: FastifyBaseLogger, retryMs?: number) => keepSeeding(() => seedDemoRecall(deps), 'the demo recall and its order', log, retryMs);

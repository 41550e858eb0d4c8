import {
  BatchLotQuery,
  BatchReceiveInput,
  CatalogRoutes,
  LotBatch,
  Ok,
  ProductIdParams,
  ProductStock,
  ShortDatedBatch,
  StockAdjustmentInput,
  StrictObject,
} from '@pharmacy/contracts';
import { Type } from '@sinclair/typebox';
import { changedBy, ok, requireStaffFor, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { StockAdjustments } from './adjustments';
import type { BatchService } from './batchService';

const NoQuery = StrictObject({});

/** Staff's view and changes of a product's stock: adjustments with a reason, never a form field. */
export const stockAdminRoutes: FastifyPluginAsyncTypebox<{ adjustments: StockAdjustments; batches: BatchService; today: () => string }> = async (
  app,
  { adjustments, batches, today },
) => {
  app.get(
    CatalogRoutes.adminProducts.stock.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.stock),
      schema: {
        tags: ['admin'],
        summary: 'Available, reserved and sold units of a product, and its stock history (newest first)',
        params: ProductIdParams,
        querystring: NoQuery,
        response: responses(Ok(ProductStock)),
      },
    },
    async (request) => ok(await adjustments.stockOf(request.params.id)),
  );

  app.post(
    CatalogRoutes.adminProducts.adjustStock.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.adjustStock),
      schema: {
        tags: ['admin'],
        summary: 'Adjust one batch by +N or -N with a reason (damaged, count correction, returned; received stock is a new batch)',
        params: ProductIdParams,
        querystring: NoQuery,
        body: StockAdjustmentInput,
        response: responses(Ok(ProductStock)),
      },
    },
    async (request) => {
      const { delta, reason } = request.body;
      const made = await adjustments.adjust(request.params.id, request.body, changedBy(request));
      const batch = made.stock.history[0]?.lot;
      await request.audit({
        action: 'stock.adjust',
        entity: { type: 'product', id: request.params.id, name: made.title },
        before: { available: made.before },
        after: { available: made.after, reason, note: request.body.note?.trim() ?? '', ...(batch ? { lot: batch } : {}) },
      });
      return ok(made.stock, `Stock ${delta > 0 ? 'increased' : 'reduced'} by ${Math.abs(delta)}: ${made.stock.available} available.`);
    },
  );

  app.post(
    CatalogRoutes.adminProducts.receiveBatch.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.receiveBatch),
      schema: {
        tags: ['admin'],
        summary: 'Receive stock as a batch (lot, expiry after today, quantity); the same lot again adds to it only with the same expiry',
        params: ProductIdParams,
        querystring: NoQuery,
        body: BatchReceiveInput,
        response: responses(Ok(ProductStock)),
      },
    },
    async (request) => {
      const made = await adjustments.receive(request.params.id, request.body, changedBy(request), today());
      await request.audit({
        action: 'stock.receive',
        entity: { type: 'product', id: request.params.id, name: made.title },
        before: { available: made.before },
        after: { available: made.after, lot: made.batch.lot, expiresOn: made.batch.expiresOn, quantity: request.body.quantity, note: request.body.note?.trim() ?? '' },
      });
      return ok(made.stock, `Received ${request.body.quantity} of lot ${made.batch.lot}: ${made.stock.available} available.`);
    },
  );

  app.get(
    CatalogRoutes.adminProducts.shortDated.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.shortDated),
      schema: {
        tags: ['admin'],
        summary: 'Sellable batches within SHORT_DATED_DAYS of their expiry, soonest first',
        querystring: NoQuery,
        response: responses(Ok(Type.Array(ShortDatedBatch))),
      },
    },
    async () => ok(await batches.shortDated()),
  );

  app.get(
    CatalogRoutes.adminProducts.batchesByLot.path,
    {
      onRequest: requireStaffFor(CatalogRoutes.adminProducts.batchesByLot),
      schema: { tags: ['admin'], summary: 'Batches of one lot across products (for a recall)', querystring: BatchLotQuery, response: responses(Ok(Type.Array(LotBatch))) },
    },
    async (request) => ok(await batches.byLot(request.query.lot)),
  );
};

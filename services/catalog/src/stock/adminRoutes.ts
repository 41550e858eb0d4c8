import { CatalogRoutes, Ok, ProductIdParams, ProductStock, StockAdjustmentInput, StrictObject } from '@pharmacy/contracts';
import { changedBy, ok, requireStaffFor, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { StockAdjustments } from './adjustments';

const NoQuery = StrictObject({});

/** Staff's view and changes of a product's stock: adjustments with a reason, never a form field. */
export const stockAdminRoutes: FastifyPluginAsyncTypebox<{ adjustments: StockAdjustments }> = async (app, { adjustments }) => {
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
        summary: 'Adjust stock by +N or -N with a reason (received, damaged, count correction, returned)',
        params: ProductIdParams,
        querystring: NoQuery,
        body: StockAdjustmentInput,
        response: responses(Ok(ProductStock)),
      },
    },
    async (request) => {
      const { delta, reason } = request.body;
      const made = await adjustments.adjust(request.params.id, request.body, changedBy(request));
      await request.audit({
        action: 'stock.adjust',
        entity: { type: 'product', id: request.params.id, name: made.title },
        before: { available: made.before },
        after: { available: made.after, reason, note: request.body.note?.trim() ?? '' },
      });
      return ok(made.stock, `Stock ${delta > 0 ? 'increased' : 'reduced'} by ${Math.abs(delta)}: ${made.stock.available} available.`);
    },
  );
};

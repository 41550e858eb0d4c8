import { CatalogRoutes, Ok, ProductIdParams, ProductStock, StockAdjustmentInput, StrictObject } from '@pharmacy/contracts';
import { requireAdmin, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import type { StockAdjustments } from './adjustments';

const NoQuery = StrictObject({});

/** Staff's view and changes of a product's stock: adjustments with a reason, never a form field. */
export const stockAdminRoutes: FastifyPluginAsyncTypebox<{ adjustments: StockAdjustments }> = async (app, { adjustments }) => {
  app.get(
    CatalogRoutes.adminProducts.stock.path,
    {
      onRequest: requireAdmin,
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
      onRequest: requireAdmin,
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
      const { delta } = request.body;
      const data = await adjustments.adjust(request.params.id, request.body, request.user.sub);
      return ok(data, `Stock ${delta > 0 ? 'increased' : 'reduced'} by ${Math.abs(delta)}: ${data.available} available.`);
    },
  );
};

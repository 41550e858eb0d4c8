import {
  LookupQuery,
  LookupResult,
  Ok,
  Quote,
  QuoteRequest,
  ReservationRef,
  Reservation,
  ReserveRequest,
  StrictObject,
} from '@pharmacy/contracts';
import { badRequest, requireInternal, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { toSummary } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import { quote } from './quote';
import type { StockService } from './service';

const NoQuery = StrictObject({});

/** Calls only the checkout service makes (shared internal token; the gateway never proxies /internal). */
export const internalRoutes: FastifyPluginAsyncTypebox<{ stock: StockService; readModel: ProductReadModel; internalToken: string }> = async (
  app,
  { stock, readModel, internalToken },
) => {
  app.addHook('preHandler', requireInternal(internalToken));
  const hide = true;

  app.post(
    '/internal/catalog/stock/reserve',
    { schema: { hide, querystring: NoQuery, body: ReserveRequest, response: { 200: Ok(Reservation) } } },
    async (request) => ({ success: true as const, data: await stock.reserve(request.body.reservationId, request.body.items) }),
  );
  app.post(
    '/internal/catalog/stock/commit',
    { schema: { hide, querystring: NoQuery, body: ReservationRef, response: { 200: Ok(Reservation) } } },
    async (request) => ({ success: true as const, data: await stock.commit(request.body.reservationId) }),
  );
  app.post(
    '/internal/catalog/stock/release',
    { schema: { hide, querystring: NoQuery, body: ReservationRef, response: { 200: Ok(Reservation) } } },
    async (request) => ({ success: true as const, data: await stock.release(request.body.reservationId) }),
  );
  app.post(
    '/internal/catalog/stock/refund',
    { schema: { hide, querystring: NoQuery, body: ReservationRef, response: { 200: Ok(Reservation) } } },
    async (request) => ({ success: true as const, data: await stock.refund(request.body.reservationId) }),
  );
  app.post(
    '/internal/catalog/products/quote',
    { schema: { hide, querystring: NoQuery, body: QuoteRequest, response: { 200: Ok(Quote) } } },
    async (request) => ({ success: true as const, data: quote(readModel, request.body.items) }),
  );
  app.get(
    '/internal/catalog/products/lookup',
    { schema: { hide, querystring: LookupQuery, response: { 200: Ok(LookupResult) } } },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(',').map((s) => s.trim()).filter(Boolean))];
      if (ids.length > 100) throw badRequest('At most 100 ids per lookup.');
      const items = ids.flatMap((id) => {
        const p = readModel.get(id);
        return p ? [toSummary(p)] : [];
      });
      return { success: true as const, data: { items } };
    },
  );
};

import {
  CatalogRoutes,
  LookupQuery,
  LookupResult,
  Ok,
  QuarantineRequest,
  QuarantineResult,
  Quote,
  QuoteRequest,
  ReservationRef,
  Reservation,
  ReserveRequest,
  StrictObject,
} from '@pharmacy/contracts';
import { badRequest, requireInternal, ok, responses, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { toSummary } from '../products/model';
import type { ProductReadModel } from '../products/readModel';
import { quote } from './quote';
import type { BatchService } from './batchService';
import type { StockService } from './service';

const NoQuery = StrictObject({});

/** Calls only the checkout service makes (shared internal token; the gateway never proxies /internal). */
export const internalRoutes: FastifyPluginAsyncTypebox<{
  stock: StockService;
  batches: BatchService;
  readModel: ProductReadModel;
  internalToken: string;
  now: () => Date;
}> = async (app, { stock, batches, readModel, internalToken, now }) => {
  app.addHook('preHandler', requireInternal(internalToken));
  const hide = true;

  app.post(
    CatalogRoutes.internal.reserve.path,
    { schema: { hide, querystring: NoQuery, body: ReserveRequest, response: responses(Ok(Reservation)) } },
    async (request) => ok(await stock.reserve(request.body.reservationId, request.body.items)),
  );
  // Commit, release, refund and restock move one reservation on; each answers the reservation as it now stands.
  const moves = {
    commit: (id: string) => stock.commit(id),
    release: (id: string) => stock.release(id),
    refund: (id: string) => stock.refund(id),
    restock: (id: string) => stock.restock(id),
  };
  for (const [move, apply] of Object.entries(moves)) {
    app.post(
      CatalogRoutes.internal[move as keyof typeof moves].path,
      { schema: { hide, querystring: NoQuery, body: ReservationRef, response: responses(Ok(Reservation)) } },
      async (request) => ok(await apply(request.body.reservationId)),
    );
  }
  app.post(
    CatalogRoutes.internal.quarantine.path,
    { schema: { hide, querystring: NoQuery, body: QuarantineRequest, response: responses(Ok(QuarantineResult)) } },
    async (request) => ok(await batches.quarantine(request.body.recallId, request.body.batchIds)),
  );
  app.post(
    CatalogRoutes.internal.quote.path,
    { schema: { hide, querystring: NoQuery, body: QuoteRequest, response: responses(Ok(Quote)) } },
    async (request) => ok(quote(readModel, request.body.items, request.body.profile ?? null, now())),
  );
  app.get(
    CatalogRoutes.internal.lookup.path,
    { schema: { hide, querystring: LookupQuery, response: responses(Ok(LookupResult)) } },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(',').map((s) => s.trim()).filter(Boolean))];
      if (ids.length > 100) throw badRequest('At most 100 ids per lookup.');
      const items = ids.flatMap((id) => {
        const p = readModel.get(id);
        return p ? [toSummary(p)] : [];
      });
      return ok({ items });
    },
  );
};

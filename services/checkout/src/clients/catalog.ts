import { CatalogRoutes, ErrorCodes, PRODUCT_PAGE_SIZE_MAX, UNAVAILABLE_MESSAGES, type AnyRoute, type CallArgs, type DataOf, type Quote, type QuarantineResult, type QuoteItem, type Reservation, type SafetyProfile, type StockLine } from '@pharmacy/contracts';
import { createRouteClient, HttpError, type ServiceClientOptions } from '@pharmacy/service-kit';

/** One priced line as the catalog quotes it (contracts/catalog.ts). */
export type QuoteLine = QuoteItem;
export type { Quote, StockLine };

/** What checkout asks of the catalog service: prices and stock (docs/architecture.md#services: no reading its collections). */
export interface CatalogClient {
  /**
   * Prices and stock; with the signed-in shopper's `profile`, each line also carries the catalog's safety answer
   * (warnings, and an age block as reasonCode UNDER_AGE/NO_DOB). Visitors are quoted without one.
   */
  quote(items: StockLine[], profile?: SafetyProfile | null): Promise<Quote>;
  /** All-or-nothing; 409 OUT_OF_STOCK naming the product; idempotent per reservationId. Answers the batches taken. */
  reserve(reservationId: string, items: StockLine[]): Promise<Reservation>;
  /** Answers the reservation with the batches its units came from (the paid order keeps them). */
  commit(reservationId: string): Promise<Reservation>;
  release(reservationId: string): Promise<void>;
  /** A paid order refunded: its units stop counting as sold (idempotent; stock is not put back). */
  refund(reservationId: string): Promise<void>;
  /** A paid order the pharmacist rejected and refunded: its units go back on the shelf (idempotent, exactly once). */
  restock(reservationId: string): Promise<void>;
  /** The prescription-only products on sale, in the shop's listing order (the demo prescriptions name them). */
  prescriptionOnly(): Promise<Array<{ productId: string; title: string }>>;
  /** Every product on sale, in the shop's listing order (the demo recall finds its product by title). */
  listed(): Promise<Array<{ productId: string; title: string; requiresPrescription: boolean }>>;
  /** A recall takes these batches off sale at once (idempotent per recallId; 404 naming an unknown batch). */
  quarantine(recallId: string, batchIds: string[]): Promise<QuarantineResult>;
}

/** The catalog did not answer (down, timed out or failing): a 503 that tells the shopper what is missing. */
export class CatalogUnavailableError extends HttpError {
  constructor() {
    super(503, ErrorCodes.UNAVAILABLE, UNAVAILABLE_MESSAGES.catalog);
    this.name = 'CatalogUnavailableError';
  }
}

export function createCatalogClient(opts: ServiceClientOptions): CatalogClient {
  const send = createRouteClient(opts);
  async function call<R extends AnyRoute>(route: R, ...input: CallArgs<R>): Promise<DataOf<R>> {
    try {
      return await send(route, ...input);
    } catch (err) {
      throw err instanceof HttpError && err.statusCode === 503 ? new CatalogUnavailableError() : err;
    }
  }
  const { internal } = CatalogRoutes;
  async function listed() {
    const found: Array<{ productId: string; title: string; requiresPrescription: boolean }> = [];
    for (let page = 1; page <= 20; page++) {
      const products = await call(CatalogRoutes.products.list, { query: { page, limit: PRODUCT_PAGE_SIZE_MAX } });
      found.push(...products.map((p) => ({ productId: p._id, title: p.title, requiresPrescription: p.requiresPrescription })));
      if (products.length < PRODUCT_PAGE_SIZE_MAX) break;
    }
    return found;
  }
  const move = (route: typeof internal.release | typeof internal.refund | typeof internal.restock) => async (reservationId: string) => {
    await call(route, { body: { reservationId } });
  };
  return {
    quote: (items, profile) => call(internal.quote, { body: profile ? { items, profile } : { items } }),
    reserve: (reservationId, items) => call(internal.reserve, { body: { reservationId, items } }),
    commit: (reservationId) => call(internal.commit, { body: { reservationId } }),
    quarantine: (recallId, batchIds) => call(internal.quarantine, { body: { recallId, batchIds } }),
    release: move(internal.release),
    refund: move(internal.refund),
    restock: move(internal.restock),
    listed,
    prescriptionOnly: async () => (await listed()).filter((p) => p.requiresPrescription).map(({ productId, title }) => ({ productId, title })),
  };
}

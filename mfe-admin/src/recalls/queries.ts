import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { CatalogRoutes, CheckoutRoutes, pathTo, type LotBatch, type Recall, type RecallCreateBody, type RecallDetail } from '@pharmacy/contracts';
import { apiData, fromCall, useInjectModule, type ShopQueryError } from '@pharmacy/session';

const { adminRecalls } = CheckoutRoutes;

/** What the catalogue knows of one lot typed in the recall form: every batch of it, across products (none: no match). */
export interface LotMatch {
  lot: string;
  batches: LotBatch[];
}

/** The affected list as CSV (a plain link: the browser downloads it; the server audits the export). */
export const recallExportHref = (id: string): string => pathTo(adminRecalls.export, { id });

/** The pharmacist's recalls (docs/domain.md#recalls): the list, one recall with its affected orders, recording one. */
export const recallQueries = createApi({
  reducerPath: 'adminRecallQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['Recall', 'RecallList'],
  // Notices are opened and the sweep finishes recalls meanwhile: a recall opened again is read again.
  refetchOnMountOrArgChange: true,
  endpoints: (build) => ({
    list: build.query<Recall[], void>({
      queryFn: fromCall((_: void, signal) => apiData.get<Recall[]>(pathTo(adminRecalls.list), { signal })),
      providesTags: ['RecallList'],
    }),
    details: build.query<RecallDetail, string>({
      queryFn: fromCall((id: string, signal) => apiData.get<RecallDetail>(pathTo(adminRecalls.details, { id }), { signal })),
      providesTags: (_result, _error, id) => [{ type: 'Recall', id }],
    }),
    /** The batches of each lot a pharmacist read on a regulator's alert, one call per lot (docs/api.md#admin-products-and-stock). */
    lots: build.query<LotMatch[], string[]>({
      queryFn: fromCall((lots: string[], signal) =>
        Promise.all(lots.map(async (lot) => ({ lot, batches: await apiData.get<LotBatch[]>(pathTo(CatalogRoutes.adminProducts.batchesByLot), { query: { lot }, signal }) }))),
      ),
    }),
    record: build.mutation<Recall, RecallCreateBody>({
      queryFn: fromCall((body: RecallCreateBody) => apiData.post<Recall>(pathTo(adminRecalls.create), body)),
      invalidatesTags: ['RecallList'],
    }),
  }),
});

export function useRecallQueries(): void {
  useInjectModule({ key: recallQueries.reducerPath, reducer: recallQueries.reducer, middleware: recallQueries.middleware });
}

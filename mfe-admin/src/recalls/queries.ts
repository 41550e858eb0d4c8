import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { CheckoutRoutes, pathTo, type Recall, type RecallCreateBody, type RecallDetail } from '@pharmacy/contracts';
import { apiData, fromCall, useInjectModule, type ShopQueryError } from '@pharmacy/session';

const { adminRecalls } = CheckoutRoutes;

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
    record: build.mutation<Recall, RecallCreateBody>({
      queryFn: fromCall((body: RecallCreateBody) => apiData.post<Recall>(pathTo(adminRecalls.create), body)),
      invalidatesTags: ['RecallList'],
    }),
  }),
});

export function useRecallQueries(): void {
  useInjectModule({ key: recallQueries.reducerPath, reducer: recallQueries.reducer, middleware: recallQueries.middleware });
}

import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { AccountRoutes, pathTo, type DutyPeriod } from '@pharmacy/contracts';
import { apiData, apiList, fromCall, useInjectModule, type ListResult, type ShopQueryError } from '@pharmacy/session';

/** A page of the record, newest first, with the open period (null when nobody is on duty). */
export type DutyRecordPage = ListResult<DutyPeriod, { total: number; page: number; limit: number; onDuty: DutyPeriod | null }>;

/** The responsible pharmacist panel's reads and writes (docs/domain.md#responsible-pharmacist). */
export const responsibleQueries = createApi({
  reducerPath: 'adminResponsibleQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['DutyRecord'],
  endpoints: (build) => ({
    /** One page of the record (20 periods, newest first): page 1 is the panel's first sight. */
    record: build.query<DutyRecordPage, number>({
      queryFn: fromCall((page: number, signal) =>
        apiList.get<DutyPeriod, { total: number; page: number; limit: number; onDuty: DutyPeriod | null }>(pathTo(AccountRoutes.responsible.record), {
          signal,
          query: page > 1 ? { page } : undefined,
        }),
      ),
      providesTags: ['DutyRecord'],
    }),
    signIn: build.mutation<DutyPeriod, void>({
      queryFn: fromCall(() => apiData.post<DutyPeriod>(pathTo(AccountRoutes.responsible.signIn))),
      // A refusal (409: someone else signed in meanwhile) also means the panel's picture is old.
      invalidatesTags: ['DutyRecord'],
    }),
    signOut: build.mutation<DutyPeriod, void>({
      queryFn: fromCall(() => apiData.post<DutyPeriod>(pathTo(AccountRoutes.responsible.signOut))),
      invalidatesTags: ['DutyRecord'],
    }),
  }),
});

export function useResponsibleQueries(): void {
  useInjectModule({ key: responsibleQueries.reducerPath, reducer: responsibleQueries.reducer, middleware: responsibleQueries.middleware });
}

/** The whole record as CSV (a plain link: the browser downloads it). */
export const recordExportHref = (): string => pathTo(AccountRoutes.responsible.recordExport);

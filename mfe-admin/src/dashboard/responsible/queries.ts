import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { AccountRoutes, pathTo, type AbsenceToday, type DutyPeriod, type StepOutBody } from '@pharmacy/contracts';
import { apiData, apiList, fromCall, useInjectModule, type ListResult, type ShopQueryError } from '@pharmacy/session';

type RecordFigures = { total: number; page: number; limit: number; onDuty: DutyPeriod | null; absenceToday?: AbsenceToday };
/** A page of the record, newest first, with the open period (null when nobody is on duty) and today's absences. */
export type DutyRecordPage = ListResult<DutyPeriod, RecordFigures>;

/** The responsible pharmacist panel's reads and writes (docs/domain.md#responsible-pharmacist). */
export const responsibleQueries = createApi({
  reducerPath: 'adminResponsibleQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['DutyRecord'],
  endpoints: (build) => ({
    /** One page of the record (20 periods, newest first): page 1 is the panel's first sight. */
    record: build.query<DutyRecordPage, number>({
      queryFn: fromCall((page: number, signal) =>
        apiList.get<DutyPeriod, RecordFigures>(pathTo(AccountRoutes.responsible.record), {
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
    /** The pharmacist on duty steps out of the pharmacy (docs/domain.md#responsible-pharmacist), and comes back. */
    stepOut: build.mutation<DutyPeriod, StepOutBody>({
      queryFn: fromCall((body: StepOutBody) => apiData.post<DutyPeriod>(pathTo(AccountRoutes.responsible.stepOut), body)),
      invalidatesTags: ['DutyRecord'],
    }),
    back: build.mutation<DutyPeriod, void>({
      queryFn: fromCall(() => apiData.post<DutyPeriod>(pathTo(AccountRoutes.responsible.back))),
      invalidatesTags: ['DutyRecord'],
    }),
  }),
});

export function useResponsibleQueries(): void {
  useInjectModule({ key: responsibleQueries.reducerPath, reducer: responsibleQueries.reducer, middleware: responsibleQueries.middleware });
}

/** The whole record as CSV (a plain link: the browser downloads it). */
export const recordExportHref = (): string => pathTo(AccountRoutes.responsible.recordExport);

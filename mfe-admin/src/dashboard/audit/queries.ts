import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { AccountRoutes, pathTo, type AuditEntry, type AuditExportQuery, type AuditListQuery } from '@pharmacy/contracts';
import { apiList, fromCall, useInjectModule, type ListResult, type ShopQueryError } from '@pharmacy/session';

/** A page of the trail, newest first, with the cursors of the pages either side (null at either end). */
export type AuditPage = ListResult<AuditEntry, { older: number | null; newer: number | null }>;

export const AUDIT_PAGE_SIZE = 25;

/** The audit trail as the Audit screen reads it (docs/architecture.md#reading-server-data). */
export const auditQueries = createApi({
  reducerPath: 'adminAuditQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  // The trail only grows: a page read a minute ago is read again when the screen opens.
  refetchOnMountOrArgChange: 30,
  endpoints: (build) => ({
    page: build.query<AuditPage, AuditListQuery>({
      queryFn: fromCall((query: AuditListQuery, signal) =>
        apiList.get<AuditEntry, { older: number | null; newer: number | null }>(pathTo(AccountRoutes.audit.list), { query: { ...query }, signal }),
      ),
    }),
  }),
});

export function useAuditQueries(): void {
  useInjectModule({ key: auditQueries.reducerPath, reducer: auditQueries.reducer, middleware: auditQueries.middleware });
}

/** The CSV export's address with the screen's filters (a plain link: the browser downloads it). */
export const exportHref = (filters: AuditExportQuery): string => pathTo(AccountRoutes.audit.exportCsv, undefined, filters);

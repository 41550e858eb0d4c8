import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { pathTo, RemoteRegistryRoutes, type RemoteDeployment, type RemoteHistoryEntry, type RemoteName } from '@pharmacy/contracts';
import { apiData, apiList, fromCall, useInjectModule, type ListResult, type ShopQueryError } from '@pharmacy/session';

/** Every remote as live now, with the history beside it (newest first). */
export type RemoteRegistryView = ListResult<RemoteDeployment, { history: RemoteHistoryEntry[] }>;

/** The remote builds view's reads and writes (docs/operations.md#canary-releases). */
export const remoteQueries = createApi({
  reducerPath: 'adminRemoteQueries',
  baseQuery: fakeBaseQuery<ShopQueryError>(),
  tagTypes: ['Registry'],
  endpoints: (build) => ({
    registry: build.query<RemoteRegistryView, void>({
      queryFn: fromCall((_: void, signal) => apiList.get<RemoteDeployment, { history: RemoteHistoryEntry[] }>(pathTo(RemoteRegistryRoutes.list), { signal })),
      providesTags: ['Registry'],
    }),
    promote: build.mutation<unknown, RemoteName>({
      queryFn: fromCall((name: RemoteName) => apiData.post(pathTo(RemoteRegistryRoutes.promote, { name }))),
      // a refusal (the canary was aborted meanwhile) also means the picture is old
      invalidatesTags: ['Registry'],
    }),
    abort: build.mutation<unknown, RemoteName>({
      queryFn: fromCall((name: RemoteName) => apiData.post(pathTo(RemoteRegistryRoutes.abort, { name }), {})),
      invalidatesTags: ['Registry'],
    }),
  }),
});

export function useRemoteQueries(): void {
  useInjectModule({ key: remoteQueries.reducerPath, reducer: remoteQueries.reducer, middleware: remoteQueries.middleware });
}

import type { RemoteModuleId } from '@pharmacy/contracts';
import { PageSpinner } from '@pharmacy/ui';
import type { ReactNode } from 'react';
import { RemoteSlot } from './RemoteSlot';
import { RemoteUnavailable } from './RemoteUnavailable';
import type { PropsOf } from './types';

export { registerRemotesFromConfig, resetRemote, REMOTES_URL } from './registry';
export { remoteFallbackPlugin } from './fallbackPlugin';
export { remoteReports, remoteReportsPlugin, startRemoteReports } from './reporting';
export { preloadRemoteModule } from './RemoteSlot';
export { freshRetryPlugin } from './freshRetry';
export { buildOf } from './builds';
export { RemoteUnavailable, UNAVAILABLE_TITLE } from './RemoteUnavailable';
export type { ModuleOf, PropsOf } from './types';

type PageId = {
  [Id in RemoteModuleId]: PropsOf<Id> extends Record<string, never> ? Id : never;
}[RemoteModuleId];

const renderPageFailure = (retry: () => void, retrying: boolean) => <RemoteUnavailable onRetry={retry} retrying={retrying} />;

/**
 * A route element for a remote page: `loadRemote(id)` inside React.lazy, the page spinner while it loads, and
 * "temporarily unavailable" with Retry if it fails (only this route is affected).
 */
export function remotePage(id: PageId) {
  function RemotePage() {
    return <RemoteSlot id={id} props={{} as PropsOf<typeof id>} loading={<PageSpinner />} renderFailure={renderPageFailure} />;
  }
  RemotePage.displayName = `RemotePage(${id})`;
  return RemotePage;
}

/**
 * A small remote widget (header search, cart badge, home sections) with its own boundary: on failure it shows
 * `fallback` (nothing, a plain link, a local section) and never the page-level message.
 */
export function remoteWidget<Id extends RemoteModuleId>(id: Id, options: { fallback?: ReactNode; loading?: ReactNode } = {}) {
  const { fallback = null, loading = null } = options;
  const renderFailure = () => fallback;
  function RemoteWidget(props: PropsOf<Id>) {
    return <RemoteSlot id={id} props={props} loading={loading} renderFailure={renderFailure} />;
  }
  RemoteWidget.displayName = `RemoteWidget(${id})`;
  return RemoteWidget;
}

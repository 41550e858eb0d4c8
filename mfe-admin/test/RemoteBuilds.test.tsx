import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteDeployment, RemoteHistoryEntry } from '@pharmacy/contracts';
import { fail, fakeApi, ok, okList, staffWithRole } from '@pharmacy/test-kit';
import { V2, makeRemote, remoteWithCanary } from './fixtures';
import { renderAdmin } from './renderAdmin';

/** The gateway's registry as the view meets it: one remote, its canary, and the history. */
function registryServer(start: RemoteDeployment, history: RemoteHistoryEntry[] = []) {
  const server = fakeApi();
  let catalog = start;
  let rows = history;
  server.on('GET', '/api/admin/remotes', () => okList([catalog], { history: rows }));
  server.on('POST', '/api/admin/remotes/catalog/promote', () => {
    if (!catalog.canary) return fail(422, 'catalog has no canary to promote.', 'BUSINESS_RULE');
    const change: RemoteHistoryEntry = { name: 'catalog', from: catalog.manifestUrl, to: catalog.canary.manifestUrl, at: '2026-11-27T06:30:00.000Z', by: 'admin:staff-1', action: 'promote' };
    catalog = makeRemote({ manifestUrl: V2, version: '0.2.0', deployedBy: 'admin:staff-1', deployedAt: change.at });
    rows = [change, ...rows];
    return ok({ deployment: catalog, change });
  });
  server.on('POST', '/api/admin/remotes/catalog/abort', () => fail(422, 'catalog has no canary to abort.', 'BUSINESS_RULE'));
  return server;
}

const liveTable = () => screen.getByRole('table', { name: 'Live now' });

describe('the remote builds view on the Dashboard', () => {
  it('shows a running canary with its share and start, and Promote makes it the live build, in the history too', async () => {
    const server = registryServer(remoteWithCanary, [{ name: 'catalog', from: '/mfe/catalog/mf-manifest.json', to: V2, at: '2026-11-27T06:00:00.000Z', by: 'deploy-token:catalog', action: 'canary', note: '30 % of visitors' }]);
    renderAdmin({ path: '/admin/dashboard?view=remotes', server });
    expect(await within(await screen.findByRole('table', { name: 'Live now' })).findByText(/0\.2\.0 for 30 % of visitors since/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'History, newest first' })).getByText('Canary started')).toBeInTheDocument();
    expect(screen.getByText('30 % of visitors')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Promote the catalog canary to everyone' }));
    await waitFor(() => expect(within(liveTable()).getByText(V2)).toBeInTheDocument());
    expect(within(liveTable()).getByText('None')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'History, newest first' })).getByText('Canary promoted')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/remotes/catalog/promote']);
  });

  it('shows the errors and page views pages reported of the live build and the canary, the figures the watch compares', async () => {
    const reported = {
      ...remoteWithCanary,
      health: { windowMinutes: 5, live: { version: '0.1.0+aa', views: 120, errors: 1 }, canary: { version: '0.2.0+bb', views: 40, errors: 14 } },
    };
    renderAdmin({ path: '/admin/dashboard?view=remotes', server: registryServer(reported) });
    const table = await screen.findByRole('table', { name: 'Live now' });
    expect(await within(table).findByText('1 error in 120 page views (0.8 %), last 5 min')).toBeInTheDocument();
    expect(within(table).getByText('14 errors in 40 page views (35.0 %), last 5 min')).toBeInTheDocument();
  });

  it('says when the counts could not be read', async () => {
    renderAdmin({ path: '/admin/dashboard?view=remotes', server: registryServer(makeRemote()) });
    expect(await within(await screen.findByRole('table', { name: 'Live now' })).findByText('Error counts unavailable')).toBeInTheDocument();
  });

  it('says why an abort was refused, and an automatic abort reads as such with its counts', async () => {
    const server = registryServer(remoteWithCanary, [
      { name: 'catalog', from: V2, to: '/mfe/catalog/mf-manifest.json', at: '2026-11-27T05:00:00.000Z', by: 'system', action: 'auto-abort', note: 'canary 0.3.0+ab: 14 errors in 40 views (35.0 %)' },
    ]);
    renderAdmin({ path: '/admin/dashboard?view=remotes', server });
    await userEvent.click(await screen.findByRole('button', { name: 'Abort the catalog canary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('catalog has no canary to abort.');
    expect(screen.getByText('Canary aborted automatically')).toBeInTheDocument();
    expect(screen.getByText('canary 0.3.0+ab: 14 errors in 40 views (35.0 %)')).toBeInTheDocument();
  });

  it('is linked from the Dashboard for administrators only', async () => {
    const server = registryServer(makeRemote());
    server.on('GET', '/api/admin/orders/stats', fail(503, 'Not in this test'));
    renderAdmin({ path: '/admin/dashboard', server });
    expect(await screen.findByRole('link', { name: 'Remote builds' })).toHaveAttribute('href', '/admin/dashboard?view=remotes');
  });

  it('is refused to staff without remotes.manage, and asks nothing of the registry', async () => {
    const server = registryServer(makeRemote());
    renderAdmin({ path: '/admin/dashboard?view=remotes', server, user: staffWithRole('pharmacist') });
    expect(await screen.findByText(/^Remote builds needs the Administrator role/)).toBeInTheDocument();
    expect(server.calls.some((c) => c.path === '/api/admin/remotes')).toBe(false);
  });
});

// Test harness: the real routes, store and providers in a memory router, with the API faked at the fetch level
// and `loadRemote` mocked by each test file (federation itself is only provable in a browser).
import { configureApi, createAppStore, type SessionUser } from '@pharmacy/session';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router-dom';
import { App } from '../src/app/App';
import { routes } from '../src/app/routes';

export const shopper: SessionUser = { _id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', admin: false };
export const admin: SessionUser = { _id: 'u-2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', admin: true };

type Reply = { status: number; body: unknown } | 'network-error' | 'never';
export type ApiFake = Record<string, Reply | (() => Reply)>;

const asResponse = ({ status, body }: { status: number; body: unknown }) =>
  ({ ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) }) as Response;

/** A fetch that answers `METHOD /path` from the table (unknown calls: 404 envelope). */
export function fakeFetch(table: ApiFake) {
  return jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const entry = table[`${init?.method ?? 'GET'} ${path}`];
    const reply = typeof entry === 'function' ? entry() : entry;
    if (reply === 'never') return new Promise<Response>(() => undefined);
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(asResponse(reply ?? { status: 404, body: { success: false, message: 'Not found', code: 'NOT_FOUND' } }));
  });
}

export const signedInAs = (user: SessionUser | null): ApiFake => ({
  'GET /api/auth/check-auth': user
    ? { status: 200, body: { success: true, user } }
    : { status: 401, body: { success: false, message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' } },
});

export function renderApp(path: string, api: ApiFake = signedInAs(null)) {
  const fetchMock = fakeFetch(api);
  configureApi({ fetch: fetchMock as unknown as typeof fetch });
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<App store={store} router={router} />);
  return { ...utils, router, store, fetchMock };
}

/** What a mocked remote module renders: its id, and an <Outlet/> for the admin layout's children. */
export function fakeRemoteModule(id: string) {
  function FakeRemote() {
    return (
      <div data-testid="remote">
        <p>remote:{id}</p>
        {id === 'admin/AdminLayout' && <Outlet />}
      </div>
    );
  }
  return { default: FakeRemote };
}

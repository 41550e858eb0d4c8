// The host itself under test: its real App, routes, store and providers in a memory router, the API faked by the
// test kit and `loadRemote` mocked by each test file (federation itself is only provable in a browser).
import { createAppStore, type SessionUser } from '@pharmacy/session';
import { fakeApi, type Responder } from '@pharmacy/test-kit';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router-dom';
import { App } from '../src/app/App';
import { routes } from '../src/app/routes';

/** The API the app meets, as `METHOD /path` -> answer (unknown calls: the kit's 404 envelope). */
export type ApiFake = Record<string, Responder>;

export const signedInAs = (user: SessionUser | null): ApiFake => ({
  'GET /api/auth/check-auth': user
    ? { status: 200, body: { success: true, user } }
    : { status: 401, body: { success: false, message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' } },
});

export function renderApp(path: string, api: ApiFake = signedInAs(null)) {
  const server = fakeApi();
  for (const [route, responder] of Object.entries(api)) {
    const [method, apiPath] = route.split(' ');
    server.on(method, apiPath, responder);
  }
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<App store={store} router={router} />);
  return { ...utils, router, store, server };
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

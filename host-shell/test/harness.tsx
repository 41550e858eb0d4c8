// The host itself under test: its real App, routes, store and providers in a memory router, the API faked by the
// test kit and `loadRemote` mocked by each test file (federation itself is only provable in a browser).
import { DEFAULT_MARKET_CODE, MARKETS, type Market } from '@pharmacy/contracts';
import { createAppStore, setMarket, type SessionUser } from '@pharmacy/session';
import { fakeApi, type Responder } from '@pharmacy/test-kit';
import { render } from '@testing-library/react';
import { MemoryRouter, Outlet, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { App } from '../src/app/App';
import { AppRoutes } from '../src/app/router';

/** The API the app meets, as `METHOD /path` -> answer (unknown calls: the kit's 404 envelope). */
export type ApiFake = Record<string, Responder>;

export const signedInAs = (user: SessionUser | null): ApiFake => ({
  'GET /api/auth/check-auth': user
    ? { status: 200, body: { success: true, user } }
    : { status: 401, body: { success: false, message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' } },
});

/** The app at `path`, as the host renders it once the market is loaded (the default market unless given). */
export function renderApp(path: string, api: ApiFake = signedInAs(null), market: Market = MARKETS[DEFAULT_MARKET_CODE]) {
  setMarket(market);
  const server = fakeApi();
  for (const [route, responder] of Object.entries(api)) {
    const [method, apiPath] = route.split(' ');
    server.on(method, apiPath, responder);
  }
  const store = createAppStore();
  const router = memoryRouterProbe();
  const utils = render(
    <App store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <router.Probe />
      </MemoryRouter>
    </App>,
  );
  return { ...utils, router, store, server };
}

/** The memory router as tests drive it: where it is now (`state.location`) and `navigate(to)`. */
function memoryRouterProbe() {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  return {
    Probe,
    get state() {
      if (!location) throw new Error('the app has not rendered yet');
      return { location };
    },
    navigate: async (to: string) => {
      if (!navigate) throw new Error('the app has not rendered yet');
      await navigate(to);
    },
  };
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

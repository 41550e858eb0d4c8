// A page or remote as the host mounts it: the host's store (session saga running), a memory router, the theme
// and the toaster. Only the network is fake (fakeApi); the router's location is shown for navigation asserts.
import type { ReactElement, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Navigate, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { DEFAULT_MARKET_CODE, MARKETS, type Market } from '@pharmacy/contracts';
import { createAppStore, selectAuth, setMarket, useAppSelector, type SessionUser } from '@pharmacy/session';
import { ThemeProvider, Toaster, resetToasts } from '@pharmacy/ui';

export interface RenderWithStoreOptions {
  /** The route pattern the element is mounted at (default `*`). */
  path?: string;
  /** Where the router starts: a URL or an entry with state (default `path` when it is a plain path, else `/`). */
  url?: InitialEntry;
  /** Signed in as this user from the start (default: signed out). */
  user?: SessionUser | null;
  /** Like the host's guard: a signed-out visitor is sent to /sign-in at once. */
  signedInOnly?: boolean;
  /** Routes nested under the element (what a layout's <Outlet/> shows). */
  children?: ReactNode;
  /** Routes beside it, e.g. stand-ins for the pages it links to; any other path shows "Another page". */
  routes?: ReactNode;
  /** The market the page is rendered for, as the host loads it before its first render (default: the default market, GB). */
  market?: Market;
}

/** Shows where the router is (path and query), so a test can assert a navigation. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function SignedInOnly({ children }: { children: ReactElement }) {
  const { isAuthenticated } = useAppSelector(selectAuth);
  return isAuthenticated ? children : <Navigate to="/sign-in" replace />;
}

const plainPath = (path: string) => path.startsWith('/') && !/[:*]/.test(path);

export function renderWithStore(ui: ReactElement, options: RenderWithStoreOptions = {}) {
  const { path = '*', user = null, signedInOnly = false, children, routes } = options;
  const url = options.url ?? (plainPath(path) ? path : '/');
  act(() => resetToasts());
  setMarket(options.market ?? MARKETS[DEFAULT_MARKET_CODE]);
  const store = createAppStore({
    preloadedState: {
      session: { currentUser: user, error: null, loading: false },
      auth: { isAuthenticated: user !== null, isLoading: false, user },
    },
  });
  const utils = render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={signedInOnly ? <SignedInOnly>{ui}</SignedInOnly> : ui}>
              {children}
            </Route>
            {routes}
            {path !== '*' && <Route path="*" element={<p>Another page</p>} />}
          </Routes>
          <Location />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </Provider>,
  );
  return { store, ...utils };
}

// Toasts live in a module-level store shared by every test of a file: start each test with none.
afterEach(() => act(() => resetToasts()));

// The toasts' view loads with the first toast in the app (shared/ui's own tests cover that); loaded before the
// tests here, a page's toast is drawn in the same update that raises it, as these tests expect.
beforeAll(() => Toaster.preload());

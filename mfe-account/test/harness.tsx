import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Navigate, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { createAppStore, selectAuth, useAppSelector, type SessionUser } from '@pharmacy/session';
import { ThemeProvider, Toaster, resetToasts } from '@pharmacy/ui';

/** What the page under test sends: the browser's fetch is the boundary, answered by a handler. */
export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
export type Reply = { status?: number; body?: unknown };

export function fakeFetch(handler: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

export const shopper: SessionUser = {
  _id: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  DOB: '1990-02-28',
  allergies: ['Penicillin'],
  healthConditions: [],
  admin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** Like the host's guard: a signed-out visitor on a guarded page is sent to /sign-in at once. */
function Guarded({ children }: { children: ReactElement }) {
  const { isAuthenticated } = useAppSelector(selectAuth);
  return isAuthenticated ? children : <Navigate to="/sign-in" replace />;
}

/** Shows where the router ended up, so a test can assert a navigation. */
function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export function renderPage(
  page: ReactElement,
  opts: { path: string; entry?: InitialEntry; user?: SessionUser | null; guarded?: boolean } = { path: '/' },
) {
  resetToasts();
  const user = opts.user ?? null;
  const store = createAppStore({
    preloadedState: {
      session: { currentUser: user, error: null, loading: false },
      auth: { isAuthenticated: user !== null, isLoading: false, user },
    },
  });
  const utils = render(
    <Provider store={store}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[opts.entry ?? opts.path]}>
          <Routes>
            <Route path={opts.path} element={opts.guarded ? <Guarded>{page}</Guarded> : page} />
            <Route path="*" element={<p>Another page</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </Provider>,
  );
  return { store, ...utils };
}

import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createAppStore, setUser, type SessionUser } from '@pharmacy/session';

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A fake of the browser's fetch: answers from a handler and records every call (the remote's boundary). */
export function fakeFetch(handler: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const { status = 200, body } = handler(call);
    const text = JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text, json: async () => body, headers: new Headers() } as unknown as Response;
  });
  return calls;
}

export const shopper: SessionUser = { _id: 'user-1', firstName: 'Ada', lastName: 'L', email: 'ada@example.com', admin: false };

/** Renders a page inside the host's kind of store (createAppStore) at a URL. */
export function renderPage(
  ui: ReactElement,
  { url = '/', path = '*', user = null as SessionUser | null, routes = null as ReactNode } = {},
) {
  const store = createAppStore({ runSessionSaga: false });
  store.dispatch(setUser(user));
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/secure/checkout" element={<p>checkout page</p>} />
            {routes}
          </Routes>
        </MemoryRouter>
      </Provider>,
    ),
  };
}

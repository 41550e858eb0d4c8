import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Product } from '@pharmacy/contracts';
import { createAppStore, signInSuccess, type SessionUser } from '@pharmacy/session';

export interface Call {
  url: URL;
  method: string;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** A fake of the browser's fetch at the remote's boundary: answers from a handler and records every call. */
export function fakeFetch(handler: (call: Call) => Reply) {
  const calls: Call[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      url: new URL(String(input), 'http://shop.test'),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status = 200, body } = await handler(call);
    const text = JSON.stringify(body);
    return { ok: status >= 200 && status < 300, status, text: async () => text, headers: new Headers() } as unknown as Response;
  });
  return calls;
}

export const ok = (data: unknown) => ({ body: { success: true, data } });
/** A list call's answer: the array as `data`, its paging or summary figures beside it. */
export const okList = (items: unknown[], figures: object = {}) => ({ body: { success: true, data: items, ...figures } });

/** Shows the current URL so tests can assert what the page wrote there. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderAt(ui: ReactElement, { url = '/', path = '*', user = null as SessionUser | null } = {}) {
  const store = createAppStore({ runSessionSaga: false });
  if (user) store.dispatch(signInSuccess(user));
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/pharmacy/product/:productId" element={<p>product page</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...utils };
}

let n = 0;
export function product(over: Partial<Product> = {}): Product {
  n++;
  return {
    _id: `p${n}`,
    title: `Product ${n}`,
    description: 'A product.',
    category: 'pain-relief',
    brand: 'CareWell',
    price: 4.99,
    salePrice: 0,
    totalStock: 50,
    averageReview: 0,
    reviewCount: 0,
    image: `/api/media/img-${n}`,
    activeIngredients: [],
    allergens: [],
    contraindications: [],
    dosageForm: 'Tablets',
    packSize: '16 tablets',
    maxPerOrder: null,
    minAge: 0,
    requiresPrescription: false,
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

export const shopper: SessionUser = { _id: 'user-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', admin: false };

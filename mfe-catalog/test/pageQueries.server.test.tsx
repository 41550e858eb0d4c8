/** @jest-environment node */
// docs/architecture.md#server-rendering: on the server the catalog's RTK Query reads start while the page renders;
// the renderer awaits them and renders again, and the page carries the settled cache for the browser to hydrate.
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MARKETS } from '@pharmacy/contracts';
import { createAppStore, setMarket } from '@pharmacy/session';
import { ServerHeadProvider, ThemeProvider } from '@pharmacy/ui';
import { fakeApi, fail, makeProduct, ok, okList } from '@pharmacy/test-kit';
import ProductDetails from '../src/exposes/ProductDetails';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const aspirin = makeProduct({ _id: 'p1', title: 'Aspirin 300mg Tablets' });
const review = { _id: 'r1', productId: 'p1', userId: 'u1', reviewMessage: 'Worked within the hour.', reviewValue: 5, createdAt: '2026-05-01T00:00:00.000Z' };

function serve() {
  return fakeApi((call) => {
    if (call.path === '/api/shop/products/get/p1') return ok(aspirin);
    if (call.path.startsWith('/api/shop/products/get/')) return fail(404, 'That product does not exist.', 'NOT_FOUND');
    if (call.path === '/api/shop/review/p1') return okList([review], { averageReview: 5, reviewCount: 1 });
    return fail(500, `unexpected ${call.path}`);
  });
}

/** What host-shell/src/server/index.tsx does: render, await the reads the pass started, render again. */
async function renderOnServer(url: string) {
  setMarket(MARKETS.GB);
  const store = createAppStore({ runSessionSaga: false });
  for (let pass = 1; pass <= 4; pass++) {
    const html = renderToString(
      <ServerHeadProvider collector={{ origin: 'https://shop.example', set: () => undefined }}>
        <Provider store={store} serverState={store.serverState}>
          <ThemeProvider>
            <MemoryRouter initialEntries={[url]}>
              <Routes>
                <Route path="/pharmacy/product/:productId" element={<ProductDetails />} />
              </Routes>
            </MemoryRouter>
          </ThemeProvider>
        </Provider>
      </ServerHeadProvider>,
    );
    const running = store.runningPageQueries();
    if (running.length === 0) return { html, pass, data: store.pageQueryData() };
    await Promise.all(running);
  }
  throw new Error('the page still asks for data after four passes');
}

type Carried = { data: { queries: Record<string, { status: string; endpointName: string; data?: unknown; error?: unknown }> } };

describe("the catalog's reads in a server render", () => {
  it('renders the product, then its reviews, and carries both answers; the shopper\'s own read is left to the browser', async () => {
    const { calls } = serve();
    const { html, pass, data } = await renderOnServer('/pharmacy/product/p1');
    expect(html).toContain('Aspirin 300mg Tablets');
    expect(html).toContain('Worked within the hour.');
    // the reviews are asked once the product is known: three passes, each call made once
    expect(pass).toBe(3);
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/shop/products/get/p1', '/api/shop/review/p1']);
    const queries = Object.values((data['queries:catalogQueries'] as Carried).data.queries);
    expect(queries.map((q) => [q.endpointName, q.status]).sort()).toEqual([
      ['product', 'fulfilled'],
      ['reviews', 'fulfilled'],
    ]);
    expect(queries.find((q) => q.endpointName === 'product')?.data).toEqual(aspirin);
  });

  it('carries a refusal as the page shows it: a product that does not exist stays a 404 in the browser', async () => {
    serve();
    const { html, data } = await renderOnServer('/pharmacy/product/gone');
    expect(html).toContain('This product is not available');
    const [entry] = Object.values((data['queries:catalogQueries'] as Carried).data.queries);
    expect(entry).toMatchObject({ endpointName: 'product', status: 'rejected', error: { status: 404, code: 'NOT_FOUND' } });
  });
});

// The host's server build (dist/server/ssr.js): renders a public page to HTML for the gateway
// (docs/architecture.md#server-rendering). Loaded by services/gateway/src/pages; never shipped to a browser.
import type { RemoteModuleId } from '@pharmacy/contracts';
import { MARKET_DATA_KEY, configureApi, createAppStore, loadMarket, type ServerDataEntry } from '@pharmacy/session';
import { ServerHeadProvider, type DocumentHead } from '@pharmacy/ui';
import type { ComponentType, ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { Writable } from 'node:stream';
import { App } from '../app/App';
import { AppRoutes } from '../app/router';
import { routes } from '../app/routes';
import { routePattern } from '../remotes/reporting';
import { ServerRemotesContext, SLOT_LEFT_TO_BROWSER } from '../remotes/serverRemotes';

export { sharedModules } from './shared';

export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  /** The shop's public origin, for absolute URLs in structured data. */
  origin: string;
  /** The remotes' exposed modules the server can render ('catalog/ProductDetails' → component). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table holds every module's component, whatever its props
  remote: (id: RemoteModuleId) => ComponentType<any> | undefined;
  /** A slot that could not be rendered here (it is rendered in the browser). */
  onSlotError?: (error: unknown) => void;
}

export interface RenderedPage {
  status: number;
  head: DocumentHead;
  /** styled-components' <style> tags for the markup. */
  styles: string;
  /** The app's markup, for inside #root. */
  html: string;
  /** The public API answers the markup was made from, for the browser to hydrate with. */
  data: Record<string, ServerDataEntry>;
  /** The page's route pattern, as the browser's reports name it ('/pharmacy/product/:productId'). */
  page: string;
}

/** How many times a page is rendered at most to gather data that depends on other data (a product, then its reviews). */
const MAX_PASSES = 4;

/**
 * The API as the server render calls it: anonymous, in process (the gateway's own routes). Set once at load: the
 * server renders only public data, never a shopper's own.
 */
export function configureServerApi(fetchImpl: typeof fetch): void {
  configureApi({ baseUrl: 'http://server-render.internal', fetch: fetchImpl });
}

function renderToHtml(element: ReactNode, onError: (error: unknown) => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    // every Suspense boundary settled (lazy pages, remote slots) before a byte is written: one consistent document
    // every boundary inline (no outlined segments revealed by inline scripts, which the CSP forbids)
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: reject, onError, progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  });
}

/**
 * Renders `request.url` as an anonymous visitor sees it. A pass that asks for public data it does not have yet is
 * followed by another once the answers are in, so the final markup is the page with its data.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  // every view reads the market synchronously; the page carries it, so the browser renders with it at once
  const entries = new Map<string, ServerDataEntry>([[MARKET_DATA_KEY, { data: await loadMarket() }]]);
  const store = createAppStore({ runSessionSaga: false });
  const remotes = { component: request.remote };
  for (let pass = 1; ; pass++) {
    const head: DocumentHead = {};
    const headCollector = {
      origin: request.origin,
      set(next: DocumentHead) {
        for (const [k, v] of Object.entries(next)) if (v !== undefined) (head as Record<string, unknown>)[k] = v;
      },
    };
    const sheet = new ServerStyleSheet();
    const errors: unknown[] = [];
    try {
      const html = await renderToHtml(
        sheet.collectStyles(
          <ServerHeadProvider collector={headCollector}>
            <ServerRemotesContext.Provider value={remotes}>
              <App store={store}>
                <StaticRouter location={request.url}>
                  <AppRoutes />
                </StaticRouter>
              </App>
            </ServerRemotesContext.Provider>
          </ServerHeadProvider>,
        ),
        (error) => {
          errors.push(error);
          return SLOT_LEFT_TO_BROWSER;
        },
      );
      // a remote's RTK Query reads start while the pass renders (docs/architecture.md#server-rendering)
      const running = store.runningPageQueries();
      if (running.length === 0 || pass === MAX_PASSES) {
        // the last pass's failed slots are the ones the page is sent with
        for (const error of errors) request.onSlotError?.(error);
        const data = { ...Object.fromEntries(entries), ...store.pageQueryData() };
        const page = routePattern(routes, new URL(request.url, 'http://page.invalid').pathname);
        return { status: head.status ?? 200, head, styles: sheet.getStyleTags(), html, data, page };
      }
      await Promise.allSettled(running);
    } finally {
      sheet.seal();
    }
  }
}

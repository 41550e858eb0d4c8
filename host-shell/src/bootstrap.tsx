import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createAppStore, onSessionRenewed, sessionRenewed } from '@pharmacy/session';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppRoutes } from './app/router';
import { BrowserRouter } from 'react-router-dom';
import { marketForFirstRender } from './market';
import { prefetchWhenIdle } from './idlePrefetch';
import { recordHostReact } from './oneReact';
import { routes } from './app/routes';
import { freshRetryPlugin, registerRemotesFromConfig, remoteFallbackPlugin, remoteReportsPlugin, startRemoteReports } from './remotes';
import { SLOT_LEFT_TO_BROWSER } from './remotes/serverRemotes';

recordHostReact();
// before any loadRemote: a remote that fails becomes a fallback module instead of a rejected import, and a retried
// remote's manifest and entry are fetched afresh
registerPlugins([remoteReportsPlugin(), remoteFallbackPlugin(), freshRetryPlugin()]);
// what the page sees of each remote goes to the gateway's per-version counts (docs/operations.md#remote-reports)
startRemoteReports(routes);

const store = createAppStore();
// A refreshed token's user (new staff roles, say) reaches both states at once (docs/product.md#staff-roles).
onSessionRenewed((user) => store.dispatch(sessionRenewed(user)));

// Render whatever happens to /remotes.json: routes of remotes it did not register show their fallback. The market
// comes with the page (a page rendered in the browser asks for it beside /remotes.json); every view reads it.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void Promise.all([registerRemotesFromConfig().catch(() => undefined), marketForFirstRender(root)]).then(() => {
  const app = (
    <StrictMode>
      <App store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  // A page the gateway rendered is hydrated: the browser keeps the server's HTML and attaches to it (remote slots
  // when their code arrives). Without it (server rendering off or failed) the app renders from scratch.
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (a phone's input stays responsive while the page attaches; the HTML is already on screen).
  if (root.firstElementChild) {
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error, info) {
          const digest = (error as { digest?: string }).digest ?? (error as { cause?: { digest?: string } }).cause?.digest;
          if (digest === SLOT_LEFT_TO_BROWSER) return;
          console.error('[hydration]', error, info.componentStack);
        },
      });
    });
  } else {
    createRoot(root).render(app);
  }
  // the code the next tap needs, fetched once the page has loaded and the browser is idle
  prefetchWhenIdle();
});

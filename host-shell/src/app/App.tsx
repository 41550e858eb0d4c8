import { GlobalStyle, ThemeProvider, Toaster } from '@pharmacy/ui';
import { checkAuth, type AppStore } from '@pharmacy/session';
import { useEffect, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';

/**
 * The one store, theme and toast region for the host and every remote, around the router that holds the routes
 * (`children`: BrowserRouter in the page, StaticRouter on the server, MemoryRouter in tests).
 */
export function App({ store, children }: { store: AppStore; children: ReactNode }) {
  // docs/product.md#client-state: the current user is fetched on app start (guarded routes fetch it again); once, even in StrictMode
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void store.dispatch(checkAuth());
  }, [store]);

  return (
    <Provider store={store} serverState={store.serverState}>
      <ThemeProvider>
        <GlobalStyle />
        {children}
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}

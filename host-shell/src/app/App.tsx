import { GlobalStyle, ThemeProvider } from '@pharmacy/ui';
import { checkAuth, type AppStore } from '@pharmacy/session';
import { useEffect, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';

/**
 * The one store and theme for the host and every remote, around the router that holds the routes (`children`:
 * BrowserRouter in the page, StaticRouter on the server, MemoryRouter in tests). The toast region is the frames':
 * the shop's in its header bar (Header.tsx), the admin's in AdminFrame.
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
      </ThemeProvider>
    </Provider>
  );
}

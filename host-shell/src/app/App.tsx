import { GlobalStyle, ThemeProvider, Toaster } from '@pharmacy/ui';
import { checkAuth, type AppStore } from '@pharmacy/session';
import { useEffect, useRef, type ComponentProps } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';

type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/** The one store, theme and toast region for the host and every remote, around the router. */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  // docs/product.md#client-state: the current user is fetched on app start (guarded routes fetch it again); once, even in StrictMode
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void store.dispatch(checkAuth());
  }, [store]);

  return (
    <Provider store={store}>
      <ThemeProvider>
        <GlobalStyle />
        <RouterProvider router={router} />
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}

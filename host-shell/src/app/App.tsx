import { GlobalStyle, ThemeProvider, Toaster } from '@pharmacy/ui';
import type { AppStore } from '@pharmacy/session';
import type { ComponentProps } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';

type AppRouter = ComponentProps<typeof RouterProvider>['router'];

/** The one store, theme and toast region for the host and every remote, around the router. */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
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

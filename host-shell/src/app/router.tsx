import { useRoutes } from 'react-router-dom';
import { routes } from './routes';

/** The shop's routes, in whichever router holds them: BrowserRouter in the page, StaticRouter on the server, MemoryRouter in tests. */
export function AppRoutes() {
  return useRoutes(routes);
}

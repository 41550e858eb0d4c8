// What the apps get for `react-router-dom`: the declarative client API (BrowserRouter and useRoutes), nothing else.
// A shared module is never tree-shaken by its consumers (another app may use any of its exports), so sharing
// react-router-dom itself ships all of React Router 7: the data router (createBrowserRouter, loaders, actions,
// fetchers), server rendering, sessions and cookies, 34 KB gzip on the home page with 70% of it unused. The shop's
// routes load no data through the router, so re-exporting only the declarative API lets webpack drop the rest.
// An app importing a name missing here fails its build (exportsPresence: 'error'); add the name here, and deploy
// the host first, since the host's copy is the one every remote gets. The server render imports StaticRouter from
// React Router itself (ssr-entry), never through this module.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  NavigationType,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';

import { withReturnTo } from '@pharmacy/contracts';
import { checkAuth, selectAuth, selectIsAdmin, useAppDispatch, useAppSelector } from '@pharmacy/session';
import { PageSpinner } from '@pharmacy/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RemoteUnavailable } from '../remotes';

export const SIGN_IN_PATH = '/sign-in';

export interface RequireAuthProps {
  /** /admin: the signed-in user's admin flag must be true. */
  admin?: boolean;
  /** Rendered when allowed; defaults to the child route's <Outlet/>. */
  children?: ReactNode;
}

/**
 * The guard of docs/product.md#guards: the current user is fetched again on entering and on every change of a guarded route; the
 * spinner shows while that check is pending; a check answered "not signed in" redirects to /sign-in with where the
 * visitor was going in its address. A check that got no answer changes nothing: a signed-in shopper keeps the page,
 * and someone not known to be signed in is told the shop cannot be reached (with Retry), never sent to sign in.
 * UI only: every service checks for itself.
 */
export function RequireAuth({ admin = false, children }: RequireAuthProps) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { isAuthenticated, isLoading, unreachable } = useAppSelector(selectAuth);
  const isAdmin = useAppSelector(selectIsAdmin);
  // null until this guard has asked for a check: before that a stale "not signed in" must not redirect
  const [checkedPath, setCheckedPath] = useState<string | null>(null);
  // the path this guard last showed to a signed-in user
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    dispatch(checkAuth());
    setCheckedPath(location.pathname);
  }, [dispatch, location.pathname]);

  const allowed = isAuthenticated && (!admin || isAdmin);
  // already allowed: keep the page mounted while the re-check runs (its result can still send the visitor away)
  if (allowed) {
    shownPath.current = location.pathname;
    return <>{children ?? <Outlet />}</>;
  }
  if (checkedPath === null || isLoading) return <PageSpinner label="Checking your sign-in" />;
  if (unreachable) return <RemoteUnavailable onRetry={() => void dispatch(checkAuth())} />;
  // Signed out (or account deleted) while on this very page: a sign-out returns to / (docs/product.md#guards), and the menu that
  // signed out navigates there too, so the two must not race. A failed re-check comes with a route change.
  if (shownPath.current === location.pathname) return <Navigate to="/" replace />;
  // `from` marks a visit a guard sent (RedirectSignedIn keeps the form for it); the address says where to return
  return <Navigate to={withReturnTo(SIGN_IN_PATH, `${location.pathname}${location.search}${location.hash}`)} replace state={{ from: location }} />;
}

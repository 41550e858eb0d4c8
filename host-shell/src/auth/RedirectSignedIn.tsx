import { returnToIn } from '@pharmacy/contracts';
import { selectAuth, useAppSelector } from '@pharmacy/session';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/**
 * The inverse of RequireAuth, around /sign-in and /signup: someone already signed in when they arrive goes on to the
 * page the address names to return to (`?returnTo=`), else home, instead of seeing a form they have no use for. It
 * decides once per visit, at the first settled sign-in state: a visitor who signs in ON the page stays with the page,
 * so its own redirect (back where they were going, or the optional health step first) still runs. While the app's first check is pending the form shows at once (no
 * spinner that would then jump away for the usual signed-out visitor). A visit a guard sent here (with where the
 * visitor was going: a shopper opening /admin) keeps the form, so they can sign in with the account that may.
 */
export function RedirectSignedIn() {
  const { pathname, search, state } = useLocation();
  const sentByGuard = Boolean((state as { from?: unknown } | null)?.from);
  const { isAuthenticated, isLoading } = useAppSelector(selectAuth);
  // the path this visit was decided for, and whether the visitor was signed in at that moment
  const [decided, setDecided] = useState<{ path: string; signedIn: boolean } | null>(null);
  const current = decided?.path === pathname ? decided : null;
  // settled during render (React's pattern for state derived from a change), so a signed-in visitor never sees the form
  if (!current && !isLoading) setDecided({ path: pathname, signedIn: isAuthenticated });

  const signedIn = current?.signedIn || (!current && !isLoading && isAuthenticated);
  if (!sentByGuard && signedIn) return <Navigate to={returnToIn(search) ?? '/'} replace />;
  return <Outlet />;
}

import { returnToIn, safeReturnPath, withReturnTo } from '@pharmacy/contracts';
import { selectAuth, useAppSelector } from '@pharmacy/session';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The account pages: never a page to return to. */
const ACCOUNT_PAGES = ['/sign-in', '/signup', '/forgot-password', '/reset-password'];
/** The forms that send the shopper back when they are done. */
const RETURNING_FORMS = ['/sign-in', '/signup'];

/**
 * docs/product.md#guards: a sign-in or sign-up form opened from a page of the shop (the header's links, "Sign in to
 * review") returns to that page. The page is written into the form's address (`?returnTo=`) unless it already names
 * one (a guard's redirect, the link between the two forms), so it survives a reload and the way to the other form.
 */
export function useReturnHere(): void {
  const location = useLocation();
  const navigate = useNavigate();
  // someone signed in is sent on by RedirectSignedIn instead; the form is for visitors
  const { isAuthenticated } = useAppSelector(selectAuth);
  const lastPage = useRef<string | null>(null);
  useEffect(() => {
    const { pathname, search, hash, state } = location;
    if (!ACCOUNT_PAGES.includes(pathname)) {
      lastPage.current = safeReturnPath(`${pathname}${search}${hash}`);
      return;
    }
    const from = lastPage.current;
    if (!isAuthenticated && RETURNING_FORMS.includes(pathname) && from && from !== '/' && !returnToIn(search)) {
      navigate(withReturnTo(pathname, from), { replace: true, state });
    }
  }, [location, navigate, isAuthenticated]);
}

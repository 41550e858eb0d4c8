import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router-dom';

const STORE_KEY = 'pharmacy:scroll';

/**
 * Where a page is remembered for scroll restoration. Within the app each history entry has its own key, so back and
 * forward return to where the shopper was. Every document load starts with the same key, "default", though: coming
 * back from the payment provider (a new document) would be scrolled to wherever an earlier load of another page was
 * left (the return page opened 970 px down on a phone). A fresh load is keyed by its own URL instead, so it opens
 * at the top, and a reload of the same page still comes back to its place.
 */
export const scrollKey = (location: Pick<Location, 'key' | 'pathname' | 'search'>): string =>
  location.key === 'default' ? `load:${location.pathname}${location.search}` : location.key;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

// before paint on the client; a no-op warning-free effect on the server
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Scroll restoration for the declarative router (the data router's <ScrollRestoration> is not shipped): a new page
 * opens at the top, back and forward return to the remembered place, positions survive a reload in sessionStorage.
 */
export function PageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const key = scrollKey(location);
  const keyRef = useRef(key);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const save = () => {
      positions.current ??= readPositions();
      positions.current[keyRef.current] = window.scrollY;
      try {
        sessionStorage.setItem(STORE_KEY, JSON.stringify(positions.current));
      } catch {
        /* private mode: positions live for this document only */
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useBeforePaint(() => {
    positions.current ??= readPositions();
    // leaving a page: remember where it was
    if (keyRef.current !== key) positions.current[keyRef.current] = window.scrollY;
    keyRef.current = key;
    const saved = positions.current[key];
    // a link (PUSH/REPLACE) opens the new page at the top, unless it only changed the hash
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (navigationType !== 'POP' && !location.hash) window.scrollTo(0, 0);
  }, [key]);

  return null;
}

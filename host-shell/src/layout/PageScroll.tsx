import { ScrollRestoration, type Location } from 'react-router-dom';

/**
 * Where a page is remembered for scroll restoration. Within the app each history entry has its own key, so back and
 * forward return to where the shopper was. Every document load starts with the same key, "default", though: coming
 * back from the payment provider (a new document) would be scrolled to wherever an earlier load of another page was
 * left (the return page opened 970 px down on a phone). A fresh load is keyed by its own URL instead, so it opens
 * at the top, and a reload of the same page still comes back to its place.
 */
export const scrollKey = (location: Location): string =>
  location.key === 'default' ? `load:${location.pathname}${location.search}` : location.key;

export function PageScroll() {
  return <ScrollRestoration getKey={scrollKey} />;
}

import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its heading (its code and data arriving) before focus is left where it is. */
export const HEADING_WAIT_MS = 10_000;

/**
 * Focuses the first h1 inside `root` once there is one (at once, or when the page's code and data put it there),
 * unless the visitor has moved the focus meanwhile: focus is taken only from nowhere (the body), from an element
 * that is gone (the card link that opened the page), or from `startedOn`, where it was when the page changed (the
 * header link pressed). The h1 gets tabindex -1 so it can hold focus without joining the tab order; the page does not
 * scroll for it (PageScroll decides where a page opens). @returns a function that stops waiting
 */
export function focusHeadingWhenShown(root: HTMLElement, startedOn: Element | null, waitMs = HEADING_WAIT_MS): () => void {
  const tryFocus = (): boolean => {
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    const active = document.activeElement;
    const untouched = !active || active === document.body || active === root || active === startedOn || !active.isConnected;
    if (untouched && active !== heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}

/**
 * docs/product.md#layout: after every change of page (the first load, a link, back and forward, the return from the
 * payment provider) the keyboard and the screen reader start at the new page's main heading, not at the top of the
 * document or on a link that is gone. A change of the query alone (a filter, a sort, a page of results) keeps focus
 * where it is: the shopper is still working on the same page.
 */
export function useHeadingFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!main.current) return;
    return focusHeadingWhenShown(main.current, document.activeElement);
  }, [main, pathname]);
}

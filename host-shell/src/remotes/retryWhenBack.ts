import { useEffect, useRef } from 'react';

/** docs/product.md#interface-constants: what could not be loaded tries again this often by itself. */
export const AUTO_RETRY_MS = 10_000;

/**
 * Calls `retry` as soon as the browser says it is online again, and every AUTO_RETRY_MS meanwhile (a shop that went
 * away while the phone kept its connection fires no `online` event), so a page that failed during an outage comes
 * back by itself. Nothing runs while `retry` is undefined (a retry already under way, nothing to retry).
 */
export function useRetryWhenBack(retry: (() => void) | undefined): void {
  const latest = useRef(retry);
  latest.current = retry;
  const enabled = retry !== undefined;
  useEffect(() => {
    if (!enabled) return;
    const again = () => latest.current?.();
    const timer = window.setInterval(() => {
      if (navigator.onLine !== false) again();
    }, AUTO_RETRY_MS);
    window.addEventListener('online', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [enabled]);
}

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page rendered on the server is being hydrated (and on the server), true once the component runs in
 * the browser. React reads the server's answer while hydrating, so the markup matches, then renders again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

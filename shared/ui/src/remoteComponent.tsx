import { FAILED_REMOTE } from '@pharmacy/contracts';
import { Component, createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

export interface RemoteComponentSlot {
  /** Shown where the component would be when it cannot be loaded. */
  fallback: ReactNode;
  /** Holds its place while its code loads. */
  loading: ReactNode;
}

/**
 * A component another remote exposes, for a remote that shows it (the catalog's cards show the cart's Add to cart,
 * the cart asks for a date of birth with the account's dialog): `load` asks the page's federation host for the
 * module, which registered every remote, so no remote imports another. Until it arrives `loading` holds its place;
 * when it cannot be loaded (or the host answers with its stand-in for a remote that is down) `fallback` shows in its
 * place, and the next mount asks again.
 */
export function remoteComponent<P extends object>(name: string, load: () => Promise<unknown>): ComponentType<P & RemoteComponentSlot> {
  const fresh = () =>
    lazy(async () => {
      const mod = (await load()) as { default?: unknown } | null | undefined;
      // the host's stand-in would show a page-level "unavailable" message inside the caller's page
      if (!mod || typeof mod.default !== 'function' || FAILED_REMOTE in mod) throw new Error(`${name} is unavailable`);
      return { default: mod.default as ComponentType<P> };
    });
  let Loaded = fresh();

  /** Keeps a failed load to the place that showed it; the next mount tries again. */
  class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
    override state = { failed: false };
    static getDerivedStateFromError() {
      return { failed: true };
    }
    override componentDidCatch(error: Error) {
      console.warn(`[remotes] ${name} is unavailable`, error);
      Loaded = fresh();
    }
    override render() {
      return this.state.failed ? this.props.fallback : this.props.children;
    }
  }

  function RemoteComponent({ fallback, loading, ...props }: P & RemoteComponentSlot) {
    return (
      <Boundary fallback={fallback}>
        <Suspense fallback={loading}>{createElement(Loaded, props as unknown as P)}</Suspense>
      </Boundary>
    );
  }
  RemoteComponent.displayName = `Remote(${name})`;
  return RemoteComponent;
}

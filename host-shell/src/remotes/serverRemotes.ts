import type { RemoteModuleId } from '@pharmacy/contracts';
import { createContext, type ComponentType } from 'react';

/**
 * The remote modules a server render can use: each remote's own server build, loaded by the gateway
 * (docs/architecture.md#server-rendering). A module it does not have (the remote failed to load or runs on another
 * origin) is rendered in the browser.
 */
export interface ServerRemotes {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table holds every module's component, whatever its props
  component(id: RemoteModuleId): ComponentType<any> | undefined;
}

export const ServerRemotesContext = createContext<ServerRemotes | null>(null);

/**
 * Stands in for a module the server does not have. Throwing inside the slot's Suspense boundary makes the server send
 * the slot's loading state and leave the slot to the browser: the rest of the page is still rendered on the server.
 */
export function renderInBrowser(id: RemoteModuleId): ComponentType {
  function ClientOnly(): never {
    throw new Error(`${id} is rendered in the browser`);
  }
  return ClientOnly;
}

/**
 * The digest the server gives a slot it left to the browser: the browser renders that slot itself, as designed, and
 * does not report it as an error (a real hydration mismatch still is).
 */
export const SLOT_LEFT_TO_BROWSER = 'slot-left-to-browser';

import { createContext, createElement, useContext, type ReactNode } from 'react';
import { getErrorMessage, isApiError } from './api';

/**
 * The answer to one of a page's public API calls, as the server fetched it while rendering the page and inlined it
 * in the HTML, so the browser hydrates with the same data and does not fetch it a second time.
 */
export type ServerDataEntry = { data: unknown } | { error: string; status: number | null };

/** The server render's side: what the page has asked for so far, and the answers fetched for it. */
export interface ServerDataCollector {
  read(key: string): ServerDataEntry | undefined;
  /** Asks for `key`'s answer; the server renders again once the answers are in. */
  request(key: string, load: () => Promise<unknown>): void;
}

const ServerDataContext = createContext<ServerDataCollector | null>(null);

export function ServerDataProvider({ collector, children }: { collector: ServerDataCollector; children: ReactNode }) {
  return createElement(ServerDataContext.Provider, { value: collector }, children);
}

/** The id of the JSON script element that carries the page's data. */
export const SERVER_DATA_ELEMENT_ID = 'page-data';

/** An answer as it is inlined: a failure keeps its message and status (a product that does not exist stays a 404). */
export async function settleServerData(load: () => Promise<unknown>): Promise<ServerDataEntry> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: getErrorMessage(error), status: isApiError(error) ? error.status : null };
  }
}

let inlined: Map<string, ServerDataEntry> | undefined;

/** The data the server inlined in this page, read once. */
function inlinedData(): Map<string, ServerDataEntry> {
  if (inlined) return inlined;
  inlined = new Map();
  if (typeof document === 'undefined') return inlined;
  const el = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!el?.textContent) return inlined;
  try {
    inlined = new Map(Object.entries(JSON.parse(el.textContent) as Record<string, ServerDataEntry>));
  } catch {
    /* unreadable: the page fetches as it would without it */
  }
  return inlined;
}

/** What the server inlined in this page for `key` (used by data read once per page, like the market). */
export const inlinedEntry = (key: string): ServerDataEntry | undefined => inlinedData().get(key);

/**
 * The server's answer for `key`, when there is one: on the server, once fetched (asked for otherwise); in the browser,
 * the answer inlined in the page until a view has taken it (`takeServerData`), so that a later visit to the same
 * view fetches fresh data. No key: this call is not rendered on the server (a shopper's own data).
 */
export function useServerData(key: string | undefined, load: () => Promise<unknown>): ServerDataEntry | undefined {
  const server = useContext(ServerDataContext);
  if (!key) return undefined;
  if (server) {
    const entry = server.read(key);
    if (!entry) server.request(key, load);
    return entry;
  }
  return inlinedData().get(key);
}

/** The view has its initial data: the inlined answer is not used again. */
export function takeServerData(key: string): void {
  inlinedData().delete(key);
}

/** Tests: forget what was read from the page. */
export function resetServerDataForTests(): void {
  inlined = undefined;
}

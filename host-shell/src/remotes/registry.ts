import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@pharmacy/contracts';
import { recordBuilds, resetBuildsForTests } from './builds';
import { fetchFreshOnRetry } from './freshRetry';

/** Served by the gateway from configuration: remote name -> mf-manifest.json URL (relative URLs work). */
export const REMOTES_URL = '/remotes.json';

const registered = new Map<RemoteName, string>();

// Type-only use of contracts: importing its values would pull the whole shared contracts module (and TypeBox)
// into the home page's first load. The record type makes tsc flag a remote added to the contract but not here.
const KNOWN_REMOTES: Record<RemoteName, true> = { catalog: true, cartCheckout: true, account: true, admin: true };
const isRemoteName = (name: string): name is RemoteName => Object.prototype.hasOwnProperty.call(KNOWN_REMOTES, name);

/** Reads /remotes.json: the known remotes it names, or nothing when it cannot be read. Never throws. */
async function readRemotesConfig(fetchImpl: typeof fetch): Promise<[RemoteName, string][]> {
  let body: unknown;
  try {
    const res = await fetchImpl(REMOTES_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return [];
    body = await res.json();
  } catch {
    return [];
  }
  if (!body || typeof body !== 'object') return [];
  const config = Object.entries(body as Record<string, unknown>).filter(
    (pair): pair is [RemoteName, string] => isRemoteName(pair[0]) && typeof pair[1] === 'string',
  );
  // the version and entry hash of each build this visitor is given ('builds': REMOTES_BUILDS_KEY, a type-only import here)
  recordBuilds((body as { builds?: unknown }).builds, config.map(([name]) => name));
  return config;
}

/** Registers the remotes of `config` not registered yet. @returns their names */
function registerNew(config: [RemoteName, string][]): RemoteName[] {
  const fresh = config.filter(([name]) => !registered.has(name));
  if (fresh.length === 0) return [];
  registerRemotes(fresh.map(([name, entry]) => ({ name, entry })));
  for (const [name, entry] of fresh) registered.set(name, entry);
  return fresh.map(([name]) => name);
}

/**
 * Fetches /remotes.json and registers every remote not registered yet. Never throws: when the file cannot be
 * read the app still renders and the routes of the missing remotes show their fallback.
 * @returns the names registered by this call
 */
export async function registerRemotesFromConfig(fetchImpl: typeof fetch = fetch): Promise<RemoteName[]> {
  return registerNew(await readRemotesConfig(fetchImpl));
}

type ResetListener = (name: RemoteName) => void;
const resetListeners = new Set<ResetListener>();

/**
 * Calls `listener` after each retry of a remote has prepared it, so the other slots of that remote that failed
 * (the header search beside the listing) load again too. @returns the unsubscribe function
 */
export function onRemoteReset(listener: ResetListener): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/**
 * Prepares a retry after `name` failed to load, so that one press of Retry loads a remote that is back:
 * - /remotes.json is read again, so the retry uses the entry that is live now (a rollback or a new deployment);
 * - a remote whose manifest or entry failed is re-registered with `force`, which drops the runtime's cached
 *   manifest, its memoised failed entry and its container;
 * - its manifest and entry are then fetched at fresh URLs (freshRetry.ts), never from a preload or cache of the
 *   failed response.
 * A remote whose container is up is left alone: webpack re-requests a failed chunk on the next attempt by itself.
 */
export async function resetRemote(name: RemoteName, fetchImpl: typeof fetch = fetch): Promise<void> {
  let prepared: RemoteName[] = [name];
  try {
    if (getInstance()?.moduleCache.get(name)?.remoteEntryExports) return;
    const config = await readRemotesConfig(fetchImpl);
    // remotes /remotes.json did not give at page load (it could not be read) are registered now, all of them
    const added = registerNew(config);
    prepared = added.includes(name) ? added : [name, ...added];
    for (const remote of prepared) fetchFreshOnRetry(remote);
    if (added.includes(name)) return;
    const entry = new Map(config).get(name) ?? registered.get(name);
    if (!entry) return;
    registerRemotes([{ name, entry }], { force: true });
    registered.set(name, entry);
  } finally {
    for (const remote of prepared) for (const listener of resetListeners) listener(remote);
  }
}

/** Test helper: forget what was registered. */
export function resetRegistryForTests(): void {
  registered.clear();
  resetBuildsForTests();
  resetListeners.clear();
}

import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@pharmacy/contracts';

/** Served by the gateway from configuration: remote name -> mf-manifest.json URL (relative URLs work). */
export const REMOTES_URL = '/remotes.json';

const registered = new Map<RemoteName, string>();

// Type-only use of contracts: importing its values would pull the whole shared contracts module (and TypeBox)
// into the home page's first load. The record type makes tsc flag a remote added to the contract but not here.
const KNOWN_REMOTES: Record<RemoteName, true> = { catalog: true, cartCheckout: true, account: true, admin: true };
const isRemoteName = (name: string): name is RemoteName => Object.prototype.hasOwnProperty.call(KNOWN_REMOTES, name);

/**
 * Fetches /remotes.json and registers every remote not registered yet. Never throws: when the file cannot be
 * read the app still renders and the routes of the missing remotes show their fallback.
 * @returns the names registered by this call
 */
export async function registerRemotesFromConfig(fetchImpl: typeof fetch = fetch): Promise<RemoteName[]> {
  let body: unknown;
  try {
    const res = await fetchImpl(REMOTES_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return [];
    body = await res.json();
  } catch {
    return [];
  }
  if (!body || typeof body !== 'object') return [];
  const fresh = Object.entries(body as Record<string, unknown>).filter(
    (pair): pair is [RemoteName, string] => isRemoteName(pair[0]) && typeof pair[1] === 'string' && !registered.has(pair[0]),
  );
  if (fresh.length === 0) return [];
  registerRemotes(fresh.map(([name, entry]) => ({ name, entry })));
  for (const [name, entry] of fresh) registered.set(name, entry);
  return fresh.map(([name]) => name);
}

/**
 * Prepares a retry after `name` failed to load. A remote that was never registered (/remotes.json failed or
 * lacked it) is looked up again; a remote whose manifest or entry failed is re-registered with `force`, which
 * drops the runtime's cached manifest and container so a redeployed remote is fetched afresh. A remote whose
 * container is up is left alone: webpack re-requests a failed chunk on the next attempt by itself.
 */
export async function resetRemote(name: RemoteName): Promise<void> {
  const entry = registered.get(name);
  if (!entry) {
    await registerRemotesFromConfig();
    return;
  }
  if (getInstance()?.moduleCache.get(name)?.remoteEntryExports) return;
  registerRemotes([{ name, entry }], { force: true });
}

/** Test helper: forget what was registered. */
export function resetRegistryForTests(): void {
  registered.clear();
}

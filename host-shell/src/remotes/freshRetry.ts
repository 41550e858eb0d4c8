import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { buildOf } from './builds';

/**
 * A retry must not be answered by the response that failed. The gateway's preload hint fetches a header remote's
 * entry with the page; when that remote is down its manifest fails first, so the preloaded 404 is never used, and
 * the browser hands it to the first script asking for the same URL: the retry. A cache in front of a remote's own
 * origin may keep a 404 as well. So once a remote has been retried, its manifest and entry are requested at a URL
 * no earlier request used (hashed chunks need nothing: webpack requests a failed chunk again by itself).
 */
const retryTokens = new Map<string, string>();
let retries = 0;

/** The query parameter that makes a retried manifest or entry URL new to the browser and to any cache. */
export const RETRY_PARAM = 'retry';

/** From now on, `name`'s manifest and entry are fetched fresh (called before a retry re-registers the remote). */
export function fetchFreshOnRetry(name: string): void {
  retries += 1;
  // the time keeps tokens unique across page loads too, where the counter starts again
  retryTokens.set(name, `${Date.now().toString(36)}-${retries}`);
}

export function withRetryToken(url: string, token: string): string {
  const fresh = new URL(url, document.baseURI);
  fresh.searchParams.set(RETRY_PARAM, token);
  return fresh.href;
}

/**
 * Runtime plugin: the manifest of a retried remote is fetched past every cache, and its entry script is created
 * with the same token in its URL. An entry whose hash the gateway recorded at its deploy is created with it as
 * `integrity` (and `crossorigin`, which the check needs): the browser refuses an entry changed since
 * (docs/operations.md#canary-releases). Other remotes load exactly as the runtime would load them. One plugin
 * makes the entry's script for both: the runtime takes the first element a createScript hook returns.
 */
export function freshRetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pharmacy-fresh-retry',
    fetch(url, init, remoteInfo) {
      const token = remoteInfo && retryTokens.get(remoteInfo.name);
      if (!token) return undefined;
      return fetch(withRetryToken(url, token), { ...init, cache: 'no-store' });
    },
    createScript({ url, attrs, remoteInfo, resourceContext }) {
      const token = remoteInfo && retryTokens.get(remoteInfo.name);
      const integrity = remoteInfo && buildOf(remoteInfo.name)?.integrity;
      const isEntry = resourceContext?.resourceType === 'remoteEntry' || url === remoteInfo?.entry;
      if ((!token && !integrity) || !isEntry) return undefined;
      // Returning an element means the runtime applies none of its attributes; these are the ones it would set.
      const script = document.createElement('script');
      script.type = attrs?.type === 'module' ? 'module' : 'text/javascript';
      for (const [attr, value] of Object.entries(attrs ?? {})) {
        if (attr !== 'type' && value !== undefined && value !== null) script.setAttribute(attr, String(value));
      }
      if (integrity) {
        script.integrity = integrity;
        script.crossOrigin = 'anonymous';
      }
      script.src = token ? withRetryToken(url, token) : url;
      return script;
    },
  };
}

/** Tests: forget every retry. */
export function resetRetriesForTests(): void {
  retryTokens.clear();
}

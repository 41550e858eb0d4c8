import { originOf } from './registry';

/** Whether the registry may fetch a manifest from this origin (`scheme://host[:port]`). */
export type OriginRule = (origin: string) => boolean;

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export interface ManifestOriginsOptions {
  /** REMOTE_ORIGINS, normalised; undefined when it is not set. */
  listed?: readonly string[];
  production: boolean;
  /** The shop's own origin (a manifest URL on it is the shop's own build). */
  publicOrigin: string;
  /** REMOTE_URLS: the operator already trusts the origins it names to serve every shopper's code. */
  remoteUrls?: Readonly<Record<string, string>>;
}

/**
 * The origins the remote registry fetches manifests from (docs/operations.md#deploying-a-remote): REMOTE_ORIGINS,
 * REMOTE_URLS' and the shop's own; without REMOTE_ORIGINS, any loopback origin too outside production (a team's
 * build served on this machine). A deployer cannot make the gateway fetch anything else: a URL on an internal
 * host (a metadata service, a database's HTTP port, another service's /internal route) is refused before a
 * connection is made, so the answer cannot tell them whether it exists.
 */
export function manifestOrigins(opts: ManifestOriginsOptions): OriginRule {
  const allowed = new Set<string>([opts.publicOrigin, ...(opts.listed ?? [])]);
  for (const url of Object.values(opts.remoteUrls ?? {})) {
    const origin = originOf(url);
    if (origin) allowed.add(origin);
  }
  const loopback = opts.listed === undefined && !opts.production;
  return (origin) => allowed.has(origin) || (loopback && LOOPBACK_HOST.test(new URL(origin).hostname));
}

import { originOf, type RegistryEntry } from './registry';

/** The directives a remote on another origin needs: its entry and chunks, its manifest fetch, and its CSS, images and fonts. */
export const REMOTE_DIRECTIVES = ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src'] as const;

/**
 * The page's Content-Security-Policy (as helmet wrote it) with `origins` added to each directive a remote needs.
 * 'self' and every other source stay; nothing is added for a remote served from the shop's own origin.
 */
export function withRemoteOrigins(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  const seen = new Set<string>();
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      seen.add(name.toLowerCase());
      if (!(REMOTE_DIRECTIVES as readonly string[]).includes(name.toLowerCase())) return directive;
      return [name, ...sources, ...origins.filter((o) => !sources.includes(o))].join(' ');
    });
  // a directive helmet left out falls back to default-src: spelt out so the remote is allowed there too
  const fallback = /(?:^|;)\s*default-src\s+([^;]*)/i.exec(policy)?.[1].trim().split(/\s+/) ?? ["'self'"];
  for (const name of REMOTE_DIRECTIVES) if (!seen.has(name)) directives.push([name, ...fallback, ...origins].join(' '));
  return directives.join(';');
}

/**
 * The origins the builds served now load from (the live ones and the canaries): each manifest's, and its public
 * path's when chunks come from elsewhere (a CDN).
 */
export function remoteOrigins(served: Iterable<RegistryEntry>): string[] {
  const origins = new Set<string>();
  for (const entry of served) {
    for (const url of [entry.manifestUrl, entry.buildInfo.publicPath ?? '']) {
      const origin = originOf(url);
      if (origin) origins.add(origin);
    }
  }
  return [...origins].sort();
}

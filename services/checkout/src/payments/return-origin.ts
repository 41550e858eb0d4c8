import { normalizeOrigin, parseOriginList } from '@pharmacy/service-kit';

// TRUSTED_ORIGINS is read and checked by the configuration; the same parsing serves the checks below.
export { normalizeOrigin, parseOriginList };

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Origins a payment may send the shopper back to: the public origin, the extra trusted ones, and in development
 * the loopback aliases of the public origin (a shopper on 127.0.0.1 has no session cookie on localhost).
 */
export function trustedReturnOrigins(publicOrigin: string, extra: string[], production: boolean): ReadonlySet<string> {
  const base = normalizeOrigin(publicOrigin.replace(/\/$/, ''));
  const trusted = new Set<string>(extra);
  if (!base) return trusted;
  trusted.add(base);
  const url = new URL(base);
  if (!production && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) trusted.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return trusted;
}

/**
 * Where the provider sends the shopper back: the origin the checkout request came from (its Origin header, set
 * by the browser, never by the page) when trusted, otherwise the public origin.
 */
export function returnOriginFor(trusted: ReadonlySet<string>, publicOrigin: string, requestOrigin: string | undefined): string {
  const origin = requestOrigin ? normalizeOrigin(requestOrigin) : null;
  return origin && trusted.has(origin) ? origin : publicOrigin.replace(/\/$/, '');
}

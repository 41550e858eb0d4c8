const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** An origin as browsers send it (`scheme://host[:port]`), or null when the text is not one. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** TRUSTED_ORIGINS: a comma list of origins; a typo must stop the start rather than silently trust nothing. */
export function parseOriginList(value: string | undefined, name = 'TRUSTED_ORIGINS'): string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = normalizeOrigin(entry.replace(/\/$/, ''));
      if (!origin) throw new Error(`${name}: "${entry}" is not an origin (expected e.g. https://shop.example.com).`);
      return origin;
    });
}

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

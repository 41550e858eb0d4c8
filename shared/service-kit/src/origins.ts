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

/** A comma list of origins (a trailing slash is forgiven); a typo must stop the start rather than silently trust nothing. */
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

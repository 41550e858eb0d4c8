/**
 * A case-insensitive RegExp that matches `text` literally (at the start only with `prefix`): how a service turns a
 * person's search words into a store query. Every pattern character is escaped, so a search can never be a pattern.
 */
export function literalMatch(text: string, opts: { prefix?: boolean } = {}): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  return new RegExp(`${opts.prefix ? '^' : ''}${escaped}`, 'i');
}

/**
 * A case-insensitive RegExp that matches `text` literally (at the start only with `prefix`): how a service turns a
 * person's search words into a store query. Every pattern character is escaped, so a search can never be a pattern.
 */
export function literalMatch(text: string, opts: { prefix?: boolean } = {}): RegExp {
  return new RegExp(`${opts.prefix ? '^' : ''}${escapePattern(text)}`, 'i');
}

/** `text` with every RegExp pattern character escaped, for a pattern built around a person's words. */
export const escapePattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** `text` safe inside HTML, as element content or a quoted attribute: every page or mail a service writes uses it. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);

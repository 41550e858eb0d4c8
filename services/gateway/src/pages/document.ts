import type { DocumentHead } from '@pharmacy/contracts';
import type { RenderedPage } from './types';

/** The built index.html cut where the server's parts go: its head without the per-page title and description. */
export interface PageTemplate {
  /** From <!doctype> to inside <head>: sent before the page is rendered, with the scripts so they download meanwhile. */
  start: string;
  /** Default title and description, for a page that sets none. */
  defaults: { title: string; description: string };
  /** <html>'s attributes are in `start`; what ends the document after the app's markup. */
  end: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** JSON safe inside <script>: no "</script>", no "<!--", no line separators that end a JS string. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const attr = (tag: string, name: string) => new RegExp(`${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`).exec(tag)?.slice(1).find((v) => v !== undefined) ?? '';

/**
 * Cuts the built index.html (html-webpack-plugin's, minified or not) into the parts the renderer fills.
 * Returns null when it does not have the expected shape (then the page is served as built).
 */
export function parseTemplate(html: string): PageTemplate | null {
  const headOpen = /<head[^>]*>/i.exec(html);
  const headClose = html.search(/<\/head>/i);
  const root = /<div id=(?:"root"|root)><\/div>/i.exec(html);
  if (!headOpen || headClose < 0 || !root) return null;
  let head = html.slice(headOpen.index + headOpen[0].length, headClose);
  const title = /<title>([^<]*)<\/title>/i.exec(head);
  const description = /<meta name=(?:"description"|description)[^>]*>/i.exec(head);
  head = head.replace(title?.[0] ?? '', '').replace(description?.[0] ?? '', '');
  const body = html.slice(root.index + root[0].length);
  // the deferred scripts move into the head: the browser fetches them while the server renders the page
  const scripts = body.match(/<script\b[^>]*><\/script>/gi) ?? [];
  const end = scripts.reduce((rest, script) => rest.replace(script, ''), body);
  return {
    start: `${html.slice(0, headOpen.index + headOpen[0].length)}${head}${scripts.join('')}`,
    defaults: { title: title?.[1] ?? '', description: description ? attr(description[0], 'content') : '' },
    end,
  };
}

/** The rest of <head>: what the page said about itself, and its styles. */
export function headTags(head: DocumentHead, defaults: PageTemplate['defaults'], origin: string, styles: string): string {
  const tags = [`<title>${escapeHtml(head.title ?? defaults.title)}</title>`];
  const description = head.description ?? defaults.description;
  if (description) tags.push(`<meta name="description" content="${escapeHtml(description)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.canonicalPath) tags.push(`<link rel="canonical" href="${escapeHtml(new URL(head.canonicalPath, origin).href)}">`);
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('') + styles;
}

/** Everything after the early part: head, the app's markup in #root, the data it was made from. */
export function pageRest(page: RenderedPage, template: PageTemplate, origin: string, dataElementId: string): string {
  return (
    `${headTags(page.head, template.defaults, origin, page.styles)}</head>` +
    `<body><div id="root">${page.html}</div>` +
    `<script id="${dataElementId}" type="application/json">${jsonForScript(page.data)}</script>` +
    // `end` starts after the root element in the built file: the noscript note and </body></html>
    template.end.replace(/<noscript>[\s\S]*?<\/noscript>/i, '').replace(/^\s*<\/body>/i, '</body>')
  );
}

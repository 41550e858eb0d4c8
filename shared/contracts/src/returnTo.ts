/**
 * Where a shopper goes back to after signing in, signing up and the health step (docs/product.md#guards). It travels
 * in the address (`/sign-in?returnTo=%2Fsecure%2Fcheckout`), so it survives a reload, a new tab and a link from the
 * sign-in form to the sign-up form; anyone can write such a link, so only a path of this shop is ever followed.
 */

/** The query parameter of the account forms that names the page to return to. */
export const RETURN_TO_PARAM = 'returnTo';

/** The account forms themselves: returning to one would only show the form again. */
const FORMS = ['/sign-in', '/signup'];

const BASE = 'https://return-to.invalid';
// Browsers read a backslash as a slash ("/\evil.com" opens evil.com) and drop tabs and line breaks from URLs
// ("/\t/evil.com" is "//evil.com"): such text is refused whole rather than cleaned.
const unsafe = (text: string) => [...text].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The path to return to, or null when `raw` is not a path of this shop: only a same-origin path starting with one
 * "/" (never "//evil.com", "https://evil.com", "/\evil.com", "javascript:…"), and never an account form.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//') || unsafe(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (FORMS.some((form) => url.pathname === form || url.pathname.startsWith(`${form}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with the page to return to in its query (left off when there is no safe one). */
export function withReturnTo(path: string, returnTo: unknown): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : path;
}

/** The safe page to return to named in a query string (`location.search`), or null. */
export function returnToIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_TO_PARAM));
}

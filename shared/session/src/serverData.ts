/**
 * The answer to one of a page's public API calls, as the server fetched it while rendering the page and inlined it
 * in the HTML, so the browser hydrates with the same data and does not fetch it a second time.
 */
export type ServerDataEntry = { data: unknown } | { error: string; status: number | null };

/** The id of the JSON script element that carries the page's data. */
export const SERVER_DATA_ELEMENT_ID = 'page-data';

let inlined: Map<string, ServerDataEntry> | undefined;

/** The data the server inlined in this page, read once. */
function inlinedData(): Map<string, ServerDataEntry> {
  if (inlined) return inlined;
  inlined = new Map();
  if (typeof document === 'undefined') return inlined;
  const el = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!el?.textContent) return inlined;
  try {
    inlined = new Map(Object.entries(JSON.parse(el.textContent) as Record<string, ServerDataEntry>));
  } catch {
    /* unreadable: the page fetches as it would without it */
  }
  return inlined;
}

/** What the server inlined in this page for `key` (used by data read once per page, like the market). */
export const inlinedEntry = (key: string): ServerDataEntry | undefined => inlinedData().get(key);

/** The page has taken its initial data: the inlined answer is not used again (a later visit fetches fresh data). */
export function takeServerData(key: string): void {
  inlinedData().delete(key);
}

/** Tests: forget what was read from the page. */
export function resetServerDataForTests(): void {
  inlined = undefined;
}

/**
 * `pnpm bench:tap` measures a tap's feedback against the same build without what makes it fast: its baseline page
 * sets this flag before the app starts (an init script), and the host's idle prefetch and the catalog's card-data
 * paint stand down. Nothing else reads it; no visitor has it set.
 */
export const TAP_BASELINE_FLAG = '__PHARMACY_TAP_BASELINE__';

export function isTapBaseline(): boolean {
  return typeof window !== 'undefined' && (window as unknown as Record<string, unknown>)[TAP_BASELINE_FLAG] === true;
}

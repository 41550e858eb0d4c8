import { MARKET_PATH, type Market } from '@pharmacy/contracts';
import { apiData } from './api';
import { inlinedEntry } from './serverData';

// The market the page is rendered for (docs/domain.md#market): currency, tax, address and phone rules, delivery,
// pharmacies, registration details. Configuration, the same for every visitor: read once per page (in the browser)
// or per server build (on the server), before the first render, so every view reads it synchronously.
let current: Market | undefined;

/** The key the server render inlines the market under (its API path). */
export const MARKET_DATA_KEY = MARKET_PATH;

/** Sets the market the views read: loadMarket does, and the tests (test-kit's renderWithStore). */
export function setMarket(market: Market): void {
  current = market;
}

/**
 * The market, once: the answer the server inlined in the page (no request), else GET /api/common/market. The host
 * awaits it before its first render and the server render before its first pass.
 */
export async function loadMarket(): Promise<Market> {
  if (current) return current;
  const inlined = inlinedEntry(MARKET_DATA_KEY);
  current = inlined && 'data' in inlined ? (inlined.data as Market) : await apiData.get<Market>(MARKET_PATH);
  return current;
}

/** The market the shop sells in. Read after loadMarket; a view rendered before it is a bug, said as such. */
export function useMarket(): Market {
  if (!current) throw new Error('The market is read before it was loaded: the host loads it (loadMarket) before its first render.');
  return current;
}

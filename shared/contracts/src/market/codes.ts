// The markets the shop can be configured for (MARKET), apart from their definitions so that the schema and the
// configuration name them without loading every market's data.

export const MARKET_CODES = ['GB', 'IE'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];
/** A coherent GB pharmacy: GBP, VAT included, UK addresses and phones, demo registration details. */
export const DEFAULT_MARKET_CODE: MarketCode = 'GB';

/** GET: the configured market, public and the same for everyone (docs/api.md#market). */
export const MARKET_PATH = '/api/common/market';

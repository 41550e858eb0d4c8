import { GB } from './gb';
import { IE } from './ie';
import type { MarketCode } from './codes';
import type { Market } from './schema';

/** Every market the shop can run in; MARKET picks one at start (docs/domain.md#market). */
export const MARKETS: Readonly<Record<MarketCode, Market>> = { GB, IE };
export const marketFor = (code: MarketCode): Market => MARKETS[code];

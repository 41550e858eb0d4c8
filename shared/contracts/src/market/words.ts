// The market's facts in the sentences every screen uses, so the cart, the order pages, the admin and the content
// pages word them alike (docs/domain.md#delivery-and-totals).
import type { Market } from './schema';

/** "Prices include VAT at 20%." */
export const pricesIncludeTax = (market: Pick<Market, 'tax'>): string => `Prices include ${market.tax.name} at ${market.tax.ratePercent}%.`;

/** "Includes £3.33 VAT (20%)": the tax a total contains, the amount already written in its currency. */
export const taxIncludedText = (taxName: string, amount: string, ratePercent: number): string => `Includes ${amount} ${taxName} (${ratePercent}%)`;

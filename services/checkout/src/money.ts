/** Cents in storage and arithmetic; the API shows decimals with two places (docs/architecture.md#data). */
export const toAmount = (cents: number): number => Math.round(cents) / 100;
/** "12.30" as payment providers want it. */
export const toDecimalString = (cents: number): string => (Math.round(cents) / 100).toFixed(2);

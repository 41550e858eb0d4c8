/**
 * The supply limits engine (docs/domain.md#supply-limits): pure. A cart's lines with their supply facts, what the
 * shopper and the address bought within each window, and the policy rules waived for this order give the first rule
 * the cart breaks, with its sentence. Law rules are never waived, whatever the caller passes.
 */
import type { SupplyFacts } from '@pharmacy/contracts';
import type { LimitMeasure, LimitRule } from './table';

export interface LimitLine {
  productId: string;
  title: string;
  quantity: number;
  /** Null for an unknown product: it counts for nothing (the quote already refuses it). */
  supply: SupplyFacts | null;
}

/** One earlier order in a window: when it was placed and what it counted, per window rule id. */
export interface WindowEntry {
  orderId: string;
  at: number;
  counts: Record<string, number>;
}

export interface LimitHistory {
  person: readonly WindowEntry[];
  address: readonly WindowEntry[];
}

export interface LimitBreach {
  rule: LimitRule;
  count: number;
  message: string;
}

const DAY_MS = 86_400_000;
const NO_HISTORY: LimitHistory = { person: [], address: [] };

const holds = (supply: SupplyFacts, ids: readonly string[]) => supply.ingredients.some((i) => ids.includes(i.id));
const rounded = (n: number) => Math.round(n * 100) / 100;

/** What one line counts towards a measure (`together` and `packUnits` are judged on the whole cart). */
function lineAmount(measure: LimitMeasure, line: LimitLine): number {
  const s = line.supply;
  if (!s) return 0;
  switch (measure.count) {
    case 'units':
      return measure.forms.includes(s.form) && holds(s, measure.ingredients) ? s.units * line.quantity : 0;
    case 'packs':
      return holds(s, measure.ingredients) ? line.quantity : 0;
    case 'mg':
      return (s.ingredients.find((i) => i.id === measure.ingredient)?.mgPerUnit ?? 0) * s.units * line.quantity;
    default:
      return 0;
  }
}

/** What the cart counts towards a rule that adds up (units, packs, mg). */
export const cartAmount = (rule: LimitRule, lines: readonly LimitLine[]): number =>
  rounded(lines.reduce((sum, line) => sum + lineAmount(rule.measure, line), 0));

/** What this cart adds to each window rule: the counts an order records in the ledger. */
export function windowCounts(rules: readonly LimitRule[], lines: readonly LimitLine[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const rule of rules) {
    if (rule.scope.kind !== 'window') continue;
    const amount = cartAmount(rule, lines);
    if (amount > 0) counts[rule.id] = amount;
  }
  return counts;
}

const fill = (rule: LimitRule, values: { max?: number; count: number; product?: string }) =>
  rule.sentence
    .replace('{max}', String(values.max ?? ''))
    .replace('{count}', String(values.count))
    .replace('{product}', values.product ?? '');

function breachOf(rule: LimitRule, lines: readonly LimitLine[], history: LimitHistory, now: number): LimitBreach | null {
  const m = rule.measure;
  if (m.count === 'together') {
    const both = m.ingredients.every((id) => lines.some((l) => l.supply && l.quantity > 0 && holds(l.supply, [id])));
    return both ? { rule, count: 2, message: fill(rule, { count: 2 }) } : null;
  }
  if (m.count === 'packUnits') {
    const over = lines.find((l) => l.supply && l.quantity > 0 && l.supply.form !== 'liquid' && holds(l.supply, m.ingredients) && l.supply.units > m.max);
    return over?.supply ? { rule, count: over.supply.units, message: fill(rule, { max: m.max, count: over.supply.units, product: over.title }) } : null;
  }
  const here = cartAmount(rule, lines);
  if (here === 0) return null;
  let count = here;
  if (rule.scope.kind === 'window') {
    const since = now - rule.scope.days * DAY_MS;
    for (const e of history[rule.scope.per]) if (e.at > since) count += e.counts[rule.id] ?? 0;
    count = rounded(count);
  }
  return count > m.max ? { rule, count, message: fill(rule, { max: m.max, count }) } : null;
}

/**
 * The first rule the cart breaks, or null. `waived`: policy rule ids a pharmacist allowed once for this order.
 */
export function firstBreach(
  rules: readonly LimitRule[],
  lines: readonly LimitLine[],
  options: { history?: LimitHistory; waived?: ReadonlySet<string>; now?: number } = {},
): LimitBreach | null {
  const history = options.history ?? NO_HISTORY;
  const now = options.now ?? Date.now();
  for (const rule of rules) {
    if (rule.kind === 'policy' && options.waived?.has(rule.id)) continue;
    const breach = breachOf(rule, lines, history, now);
    if (breach) return breach;
  }
  return null;
}

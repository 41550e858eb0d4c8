/**
 * The supply limits table per market (docs/domain.md#supply-limits). Raise LIMITS_TABLE_VERSION with every change:
 * a refusal and an override name the rule, and the version says which table said so. Laws come before policy, so a
 * cart over both hears the law. A market without a table sells under maxPerOrder alone.
 */
import type { MarketCode, SupplyForm } from '@pharmacy/contracts';

export const LIMITS_TABLE_VERSION = '2026-11-27.2';

/** Where a rule is counted: in one sale, or over the last `days` days per person or per delivery address. */
export type LimitScope = { kind: 'sale' } | { kind: 'window'; days: number; per: 'person' | 'address' };

/** What a rule counts. Every `ingredients` list matches a line holding any of them. */
export type LimitMeasure =
  /** Tablets, capsules or sachets of the given forms across the sale. */
  | { count: 'units'; forms: SupplyForm[]; ingredients: string[]; max: number }
  /** Packs (cart quantity) of products holding any of the ingredients. */
  | { count: 'packs'; ingredients: string[]; max: number }
  /** Milligrams of one ingredient (salts as the label writes them). */
  | { count: 'mg'; ingredient: string; max: number }
  /** Units in any one pack of a product holding the ingredients (liquids aside). */
  | { count: 'packUnits'; ingredients: string[]; max: number }
  /** Never the two together. */
  | { count: 'together'; ingredients: [string, string] };

export interface LimitRule {
  id: string;
  kind: 'law' | 'policy';
  source: { title: string; where: string };
  scope: LimitScope;
  measure: LimitMeasure;
  /** The refusal in plain words: {max}, {count} and {product} are filled in. */
  sentence: string;
}

const PAIN_POM_ORDER = {
  title: 'The Prescription Only Medicines (Human Use) Amendment Order 1997 (SI 1997/2044), now the Human Medicines Regulations 2012 (SI 2012/1916)',
  where: 'SI 1997/2044 Schedule 1; SI 2012/1916 Schedule 1',
};
const HMR_2012 = 'The Human Medicines Regulations 2012 (SI 2012/1916)';
/** Regulation 237: condition A (never the two together) and condition B (the most in one sale, each). */
const REG_237 = {
  together: { title: HMR_2012, where: 'regulation 237(2)' },
  pseudoephedrine: { title: HMR_2012, where: 'regulation 237(3)(a)' },
  ephedrine: { title: HMR_2012, where: 'regulation 237(3)(b)' },
};
const MHRA_CODEINE = { title: 'MHRA: over-the-counter codeine and dihydrocodeine restrictions (2009)', where: 'packs of at most 32 dosage units' };
const MHRA_PACKS = { title: 'MHRA: voluntary guidance for retailers on paracetamol and aspirin sales', where: 'at most two packs per transaction' };
const OPERATOR = { title: 'The pharmacy’s own policy', where: 'set by the superintendent pharmacist' };

const SOLID: SupplyForm[] = ['tablet', 'capsule'];
const CODEINES = ['codeine', 'dihydrocodeine'];
const SEDATING = ['promethazine', 'chlorphenamine', 'diphenhydramine'];
const SALE: LimitScope = { kind: 'sale' };
const fortnight = (per: 'person' | 'address'): LimitScope => ({ kind: 'window', days: 14, per });

const GB: LimitRule[] = [
  {
    id: 'gb-paracetamol-tablets',
    kind: 'law',
    source: PAIN_POM_ORDER,
    scope: SALE,
    measure: { count: 'units', forms: SOLID, ingredients: ['paracetamol'], max: 100 },
    sentence: 'You can buy up to {max} paracetamol tablets in one order; your cart has {count}.',
  },
  {
    id: 'gb-aspirin-tablets',
    kind: 'law',
    source: PAIN_POM_ORDER,
    scope: SALE,
    measure: { count: 'units', forms: SOLID, ingredients: ['aspirin'], max: 100 },
    sentence: 'You can buy up to {max} aspirin tablets in one order; your cart has {count}.',
  },
  {
    id: 'gb-pseudoephedrine-ephedrine',
    kind: 'law',
    source: REG_237.together,
    scope: SALE,
    measure: { count: 'together', ingredients: ['pseudoephedrine', 'ephedrine'] },
    sentence: 'Pseudoephedrine and ephedrine cannot be bought in the same order; please remove one of them.',
  },
  {
    id: 'gb-pseudoephedrine-mg',
    kind: 'law',
    source: REG_237.pseudoephedrine,
    scope: SALE,
    measure: { count: 'mg', ingredient: 'pseudoephedrine', max: 720 },
    sentence: 'You can buy up to {max} mg of pseudoephedrine in one order; your cart has {count} mg.',
  },
  {
    id: 'gb-ephedrine-mg',
    kind: 'law',
    source: REG_237.ephedrine,
    scope: SALE,
    measure: { count: 'mg', ingredient: 'ephedrine', max: 180 },
    sentence: 'You can buy up to {max} mg of ephedrine in one order; your cart has {count} mg.',
  },
  {
    id: 'gb-codeine-pack-size',
    kind: 'law',
    source: MHRA_CODEINE,
    scope: SALE,
    measure: { count: 'packUnits', ingredients: CODEINES, max: 32 },
    sentence: 'Codeine medicines can only be sold in packs of up to {max}; {product} has {count}.',
  },
  {
    id: 'gb-painkiller-packs',
    kind: 'policy',
    source: MHRA_PACKS,
    scope: SALE,
    measure: { count: 'packs', ingredients: ['paracetamol', 'aspirin'], max: 2 },
    sentence: 'You can buy up to {max} packs of paracetamol or aspirin medicines in one order; your cart has {count}.',
  },
  {
    id: 'gb-codeine-person-14d',
    kind: 'policy',
    source: OPERATOR,
    scope: fortnight('person'),
    measure: { count: 'packs', ingredients: CODEINES, max: 2 },
    sentence: 'You can buy up to {max} packs of codeine medicines in 14 days; with this order you would have {count}.',
  },
  {
    id: 'gb-codeine-address-14d',
    kind: 'policy',
    source: OPERATOR,
    scope: fortnight('address'),
    measure: { count: 'packs', ingredients: CODEINES, max: 2 },
    sentence: 'We can send up to {max} packs of codeine medicines to one address in 14 days; with this order it would be {count}.',
  },
  {
    id: 'gb-sedating-antihistamine-person-14d',
    kind: 'policy',
    source: OPERATOR,
    scope: fortnight('person'),
    measure: { count: 'packs', ingredients: SEDATING, max: 2 },
    sentence: 'You can buy up to {max} packs of drowsy antihistamines in 14 days; with this order you would have {count}.',
  },
  {
    id: 'gb-sedating-antihistamine-address-14d',
    kind: 'policy',
    source: OPERATOR,
    scope: fortnight('address'),
    measure: { count: 'packs', ingredients: SEDATING, max: 2 },
    sentence: 'We can send up to {max} packs of drowsy antihistamines to one address in 14 days; with this order it would be {count}.',
  },
];

const TABLES: Partial<Record<MarketCode, LimitRule[]>> = { GB };

/** The market's rules, laws first; none for a market without a table. */
export const limitRules = (market: MarketCode): readonly LimitRule[] => TABLES[market] ?? [];

/** The longest window any rule of the market looks back over, in days (0 without window rules). */
export const longestWindowDays = (rules: readonly LimitRule[]): number =>
  Math.max(0, ...rules.map((r) => (r.scope.kind === 'window' ? r.scope.days : 0)));

/**
 * Supply limits as staff see and override them (docs/domain.md#supply-limits, docs/api.md#supply-limits).
 * The table lives in checkout; these are the shapes of its admin API.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, OneOf, StrictObject } from './envelope';
import { ResponsiblePharmacist } from './pharmacist';

export const SupplyLimitKind = OneOf(['law', 'policy']);
export type SupplyLimitKind = Static<typeof SupplyLimitKind>;

/** One rule of the market's table as staff read it. */
export const SupplyLimitRuleView = StrictObject({
  id: Type.String(),
  kind: SupplyLimitKind,
  source: StrictObject({ title: Type.String(), where: Type.String() }),
  /** `sale`, or a window of `days` per `person` or `address`. */
  scope: StrictObject({ kind: OneOf(['sale', 'window']), days: Type.Optional(Type.Integer()), per: Type.Optional(OneOf(['person', 'address'])) }),
  /** The most it allows (absent for a rule forbidding two ingredients together). */
  max: Type.Optional(Type.Number()),
  /** The refusal's template ({max}, {count}, {product}). */
  sentence: Type.String(),
});
export type SupplyLimitRuleView = Static<typeof SupplyLimitRuleView>;

export const SupplyLimitsTable = StrictObject({ version: Type.String(), market: Type.String(), rules: Type.Array(SupplyLimitRuleView) });
export type SupplyLimitsTable = Static<typeof SupplyLimitsTable>;

export const SUPPLY_OVERRIDE_STATUSES = ['open', 'used', 'revoked'] as const;
export type SupplyOverrideStatus = (typeof SUPPLY_OVERRIDE_STATUSES)[number];

/** A pharmacist's "allow once": the shopper's next order may exceed one policy rule. */
export const SupplyOverride = StrictObject({
  _id: Type.String(),
  userId: Type.String(),
  ruleId: Type.String(),
  reason: Type.String(),
  grantedBy: StrictObject({ id: Type.String(), name: Type.String() }),
  grantedAt: Type.String(),
  /** The responsible pharmacist on duty when it was granted (a clinical decision); absent on overrides granted before it was recorded. */
  responsiblePharmacist: Type.Optional(ResponsiblePharmacist),
  status: OneOf(SUPPLY_OVERRIDE_STATUSES),
  /** The order that used it. */
  orderId: Type.Optional(Type.String()),
});
export type SupplyOverride = Static<typeof SupplyOverride>;

export const SupplyOverrideBody = StrictObject({
  userId: Id,
  ruleId: Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9-]+$' }),
  reason: Type.String({ minLength: 3, maxLength: 500 }),
});
export type SupplyOverrideBody = Static<typeof SupplyOverrideBody>;

/** A shopper's use of each window rule now (their own window; the address's is counted at order time) and their overrides. */
export const SupplyUsage = StrictObject({
  userId: Type.String(),
  windows: Type.Array(StrictObject({ ruleId: Type.String(), count: Type.Number(), max: Type.Number(), days: Type.Integer() })),
  overrides: Type.Array(SupplyOverride),
});
export type SupplyUsage = Static<typeof SupplyUsage>;

/**
 * Supply limits as checkout applies them (docs/domain.md#supply-limits): the market's rules over the lines the
 * caller already quoted, at cart add (the whole cart after the add, and the shopper's window), at order create (the
 * sale, then the order's entry claimed on the person's and the address's windows) and again at capture (the sale as
 * ordered, against today's table). One refusal: 422 SUPPLY_LIMIT with the rule's sentence.
 */
import { CheckoutErrorCodes, type MarketCode, type SupplyFacts } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';
import { unprocessable } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderDoc } from '../orders/store';
import { firstBreach, type LimitHistory, type LimitLine } from './engine';
import { createWindowLedger } from './ledger';
import { overridesCollection, type OverrideDoc } from './store';
import { limitRules, type LimitRule } from './table';

/** A line as the caller has it: a quote line, a cart entry with its quote, or an order item. */
export interface SuppliedLine {
  productId: string;
  title: string;
  quantity: number;
  supply?: SupplyFacts | null;
  /** A prescription medicine: supplied against a prescriber's order, so over-the-counter limits do not count it. */
  requiresPrescription?: boolean;
  prescription?: unknown;
}

const toLimitLine = (l: SuppliedLine): LimitLine => ({
  productId: l.productId,
  title: l.title,
  quantity: l.quantity,
  supply: l.requiresPrescription || l.prescription ? null : (l.supply ?? null),
});

/**
 * The benchmark's baseline switch (services/checkout/README.md): SUPPLY_LIMITS_BENCH_OFF=true (refused in production
 * by the configuration) turns the checks off, so `pnpm bench:recall` can time cart add with and without the rules.
 */
export function benchOff(off: boolean, log: Pick<FastifyBaseLogger, 'warn'>): boolean {
  if (off) log.warn('SUPPLY_LIMITS_BENCH_OFF: supply limits are OFF (benchmark baseline only)');
  return off;
}

export async function createSupplyLimits(deps: {
  store: DocumentStore;
  orders: Collection<OrderDoc>;
  market: MarketCode;
  now: () => Date;
  off?: boolean;
}) {
  const rules = deps.off ? [] : limitRules(deps.market);
  const saleRules = rules.filter((r) => r.scope.kind === 'sale');
  const personRules = rules.filter((r) => r.scope.kind === 'window' && r.scope.per === 'person');
  const ledger = createWindowLedger({ store: deps.store, rules, now: deps.now });

  const overrides = overridesCollection(deps.store);
  await overrides.createIndex({ userId: 1, status: 1 });
  const refuse = (lines: readonly SuppliedLine[], which: readonly LimitRule[], history?: LimitHistory, waived?: ReadonlySet<string>) => {
    const breach = firstBreach(which, lines.map(toLimitLine), { history, waived, now: deps.now().getTime() });
    if (breach) throw unprocessable(breach.message, CheckoutErrorCodes.SUPPLY_LIMIT);
  };

  /** The shopper's open overrides of policy rules (a law's is never granted, and never honoured: engine.ts). */
  async function openOverrides(userId: string): Promise<OverrideDoc[]> {
    if (rules.length === 0) return [];
    return overrides.find({ userId, status: 'open' }, { sort: { grantedAt: 1 } });
  }

  /**
   * The overrides this order needs: those of rules it breaks without them. Each is claimed for the order in one
   * conditional write, so two orders racing for one "allow once" let only one use it.
   */
  async function claimOverrides(order: Pick<OrderDoc, '_id' | 'userId' | 'address' | 'items'>): Promise<OverrideDoc[]> {
    const open = await openOverrides(order.userId);
    if (open.length === 0) return [];
    const lines = order.items.map(toLimitLine);
    const history = await ledger.history(order.userId, order.address);
    const now = deps.now().getTime();
    const used: OverrideDoc[] = [];
    for (const o of open) {
      const rule = rules.find((r) => r.id === o.ruleId && r.kind === 'policy');
      if (!rule || used.some((u) => u.ruleId === o.ruleId) || !firstBreach([rule], lines, { history, now })) continue;
      const claimed = await overrides.findOneAndUpdate({ _id: o._id, status: 'open' }, { $set: { status: 'used', orderId: order._id } }, { returnDocument: 'after' });
      if (claimed) used.push(claimed);
    }
    if (used.length > 0) {
      const recorded = used.map((u) => ({ overrideId: u._id, ruleId: u.ruleId, reason: u.reason, grantedBy: u.grantedBy }));
      await deps.orders.updateOne({ _id: order._id }, { $set: { supplyOverrides: recorded } });
    }
    return used;
  }

  /** The order's entries on its windows go back (the order was refused, expired, cancelled or refunded). */
  async function giveBack(orderId: string): Promise<void> {
    if (rules.length === 0) return;
    const order = await deps.orders.findOne({ _id: orderId });
    if (order) await ledger.giveBack(orderId, order.userId, order.address);
  }

  return {
    rules,
    ledger,

    /** Cart add and update: the whole cart as it would be, and what the shopper bought within each window (open overrides honoured). */
    async checkCart(userId: string, lines: readonly SuppliedLine[]): Promise<void> {
      if (rules.length === 0 || !lines.some((l) => l.supply?.ingredients.length)) return;
      const [waived, history] = await Promise.all([openOverrides(userId), personRules.length ? ledger.history(userId, null) : undefined]);
      const allowed = new Set(waived.map((o) => o.ruleId));
      refuse(lines, saleRules, undefined, allowed);
      if (history) refuse(lines, personRules, history, allowed);
    },

    /** Order create, before anything is written; and capture, over the order's stored lines. `waived`: open overrides' rules. */
    checkSale(lines: readonly SuppliedLine[], waived?: ReadonlySet<string>): void {
      refuse(lines, saleRules, undefined, waived);
    },

    /** The policy rules a pharmacist allowed this shopper once (still open). */
    async waivedFor(userId: string): Promise<Set<string>> {
      return new Set((await openOverrides(userId)).map((o) => o.ruleId));
    },

    /**
     * Order create, once the order exists: the overrides it needs, claimed and recorded on the order, then its entry
     * on the person's and the address's windows. Placing's undo (`release`) gives both back.
     */
    async claim(order: Pick<OrderDoc, '_id' | 'userId' | 'address' | 'items'>): Promise<void> {
      if (rules.length === 0) return;
      const used = await claimOverrides(order);
      const lines = order.items.map(toLimitLine);
      // Anything broken with only the claimed overrides is refused here (another order took the override first).
      refuse(order.items, saleRules, undefined, new Set(used.map((u) => u.ruleId)));
      await ledger.claim({ orderId: order._id, userId: order.userId, address: order.address, lines, waived: new Set(used.map((u) => u.ruleId)) });
    },

    /** Placing's undo: the windows' entries and the overrides the order claimed go back. */
    async release(orderId: string): Promise<void> {
      await giveBack(orderId);
      await overrides.updateMany({ orderId, status: 'used' }, { $set: { status: 'open' }, $unset: { orderId: '' } });
    },

    giveBack,
    overrides,

    /** The sweep: entries of orders that no longer count (closed, refunded, or never placed) go. */
    async sweep(): Promise<number> {
      if (rules.length === 0) return 0;
      return ledger.sweep(async (ids) => {
        const open = await deps.orders.find(
          { _id: { $in: ids }, orderStatus: { $ne: 'rejected' }, paymentStatus: { $ne: 'refunded' } },
          { projection: { _id: 1 } },
        );
        return new Set(open.map((o) => o._id));
      });
    },
  };
}
export type SupplyLimits = Awaited<ReturnType<typeof createSupplyLimits>>;

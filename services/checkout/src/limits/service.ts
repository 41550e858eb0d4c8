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
import { limitRules } from './table';

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
 * The benchmark's baseline switch (services/checkout/README.md): SUPPLY_LIMITS_BENCH_OFF=1 turns the checks off,
 * honoured only outside production, so `pnpm bench:recall` can time cart add with and without the rules in one run.
 */
export function benchOff(env: NodeJS.ProcessEnv, log: Pick<FastifyBaseLogger, 'warn'>): boolean {
  if (env.SUPPLY_LIMITS_BENCH_OFF !== '1') return false;
  if (env.NODE_ENV === 'production') {
    log.warn('SUPPLY_LIMITS_BENCH_OFF is ignored in production: supply limits stay on');
    return false;
  }
  log.warn('SUPPLY_LIMITS_BENCH_OFF=1: supply limits are OFF (benchmark baseline only)');
  return true;
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

  const refuse = (lines: readonly SuppliedLine[], which: typeof rules, history?: LimitHistory) => {
    const breach = firstBreach(which, lines.map(toLimitLine), { history, now: deps.now().getTime() });
    if (breach) throw unprocessable(breach.message, CheckoutErrorCodes.SUPPLY_LIMIT);
  };

  /** The order's entries on its windows go back (the order was refused, expired, cancelled or refunded). */
  async function giveBack(orderId: string): Promise<void> {
    if (rules.length === 0) return;
    const order = await deps.orders.findOne({ _id: orderId });
    if (order) await ledger.giveBack(orderId, order.userId, order.address);
  }

  return {
    rules,
    ledger,

    /** Cart add and update: the whole cart as it would be, and what the shopper bought within each window. */
    async checkCart(userId: string, lines: readonly SuppliedLine[]): Promise<void> {
      if (rules.length === 0) return;
      refuse(lines, saleRules);
      if (personRules.length === 0 || !lines.some((l) => l.supply?.ingredients.length)) return;
      refuse(lines, personRules, await ledger.history(userId, null));
    },

    /** Order create, before anything is written; and capture, over the order's stored lines. */
    checkSale(lines: readonly SuppliedLine[]): void {
      refuse(lines, saleRules);
    },

    /** Order create, once the order exists: its entry on the person's and the address's windows (placing's undo gives it back). */
    async claim(order: Pick<OrderDoc, '_id' | 'userId' | 'address' | 'items'>): Promise<void> {
      if (rules.length === 0) return;
      await ledger.claim({ orderId: order._id, userId: order.userId, address: order.address, lines: order.items.map(toLimitLine) });
    },

    giveBack,

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

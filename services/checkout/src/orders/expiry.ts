import type { FastifyBaseLogger } from 'fastify';
import type { OrderService } from './service';

/**
 * Runs on a timer: settles unfinished captures with the provider, then expires unpaid orders (each
 * after asking the provider about its payment, sweep.ts), finishes pharmacist
 * rejections whose refund was interrupted, then retries stock changes and shoppers' mail. Settling comes first so an order the provider charged is paid before it could expire. One run
 * at a time: a slow catalog or provider never stacks sweeps. `sweep()` is also what tests call directly with
 * an advanced clock.
 */
export function createExpirySweeper(
  orders: OrderService,
  opts: {
    intervalMs: number;
    log: FastifyBaseLogger;
    /** More mail owed elsewhere in checkout (a prescription's decision), retried after the orders' own. */
    mailRetries?: Array<() => Promise<void>>;
    /** More to tidy after the orders' own moves (supply windows of closed orders). */
    tidy?: Array<() => Promise<unknown>>;
  },
) {
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;
  let startup: Promise<number> = Promise.resolve(0);

  /** Runs `work` after the runs already queued, never two at once; a failure is logged and counts as 0. */
  function exclusive(work: () => Promise<number>, failure: string): Promise<number> {
    queued++;
    const run = queue.then(async () => {
      try {
        return await work();
      } catch (err) {
        opts.log.warn({ err }, failure);
        return 0;
      } finally {
        queued--;
      }
    });
    queue = run;
    return run;
  }

  async function settle(): Promise<number> {
    const paid = await orders.reconcileCaptures();
    if (paid > 0) opts.log.warn({ paid }, 'unfinished captures were taken at the provider: orders recorded as paid');
    return paid;
  }

  const sweep = () =>
    exclusive(async () => {
      await settle();
      const expired = await orders.expireDue();
      const rejected = await orders.reconcileRefunds();
      if (rejected > 0) opts.log.warn({ rejected }, 'finished pharmacist rejections whose refund was interrupted');
      await orders.retryStock();
      await orders.retryNotices();
      for (const retry of opts.mailRetries ?? []) await retry();
      for (const tidy of opts.tidy ?? []) await tidy();
      if (expired > 0) opts.log.info({ expired }, 'expired unpaid orders and released their stock');
      return expired;
    }, 'order sweep failed; it runs again on the next tick');

  return {
    /** Settle, expire, retry stock; returns how many orders expired. */
    sweep,
    /** Only the reconciliation of unfinished captures; returns how many turned out paid. */
    settle: () => exclusive(settle, 'settling unfinished captures failed; the next sweep tries again'),
    /** The reconciliation started by start(), for whoever needs to know it finished. */
    started: () => startup,
    start() {
      // At every start, whatever the timer: a stop between a capture and its record is settled first thing.
      startup = exclusive(settle, 'settling unfinished captures at start failed; the next sweep tries again');
      if (timer || opts.intervalMs <= 0) return;
      // A tick while a run is still going is skipped rather than stacked behind it.
      timer = setInterval(() => {
        if (queued === 0) void sweep();
      }, opts.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await queue;
    },
  };
}
export type ExpirySweeper = ReturnType<typeof createExpirySweeper>;

import type { FastifyBaseLogger } from 'fastify';
import type { OrderService } from './service';

/**
 * Runs the expiry of unpaid orders and the stock retries on a timer. One run at a time: a slow catalog
 * never stacks sweeps. `sweep()` is also what tests call directly with an advanced clock.
 */
export function createExpirySweeper(orders: OrderService, opts: { intervalMs: number; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sweep(): Promise<number> {
    if (running) return running;
    running = (async () => {
      try {
        const expired = await orders.expireDue();
        await orders.retryStock();
        if (expired > 0) opts.log.info({ expired }, 'expired unpaid orders and released their stock');
        return expired;
      } catch (err) {
        opts.log.warn({ err }, 'order sweep failed; it runs again on the next tick');
        return 0;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    sweep,
    start() {
      if (timer || opts.intervalMs <= 0) return;
      timer = setInterval(() => void sweep(), opts.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type ExpirySweeper = ReturnType<typeof createExpirySweeper>;

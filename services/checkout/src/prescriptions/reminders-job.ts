import type { FastifyBaseLogger } from 'fastify';
import type { Reminders } from './reminders';

/** Reminders are due by the day: once an hour finds each on its day without a busy loop. */
export const REMINDER_INTERVAL_MS = 60 * 60_000;

/**
 * Mails due refill reminders on a timer (unref'd: it never keeps the process alive), one run at a time; a run that
 * fails is logged and the next one retries, since each reminder is mailed under its own key and moved on only after.
 * `run()` is what tests call with a moved clock.
 */
export function createReminderJob(reminders: Pick<Reminders, 'sendDue'>, opts: { intervalMs: number; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  function run(): Promise<number> {
    running ??= reminders
      .sendDue()
      .catch((err: unknown) => {
        opts.log.warn({ err }, 'refill reminders failed; the next run retries');
        return 0;
      })
      .finally(() => (running = null));
    return running;
  }

  return {
    run,
    start() {
      if (opts.intervalMs <= 0 || timer) return;
      timer = setInterval(() => void run(), opts.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

import type { Collection } from '@pharmacy/db';
import type { ErasureResult } from '@pharmacy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxDoc } from '@pharmacy/service-kit';
import type { ResetTokenDoc } from '../recovery/store';
import type { TicketDoc } from '../tickets/store';
import type { Revocations } from '../sessions/revocations-store';
import type { Sessions } from '../sessions/store';
import type { Users } from '../users/store';
import type { PersonalDataEraser } from '../clients/erasers';
import type { ErasureDoc } from './store';
import type { HealthHistory } from '../health/store';

export const DEFAULT_ERASURE_RETRY_MS = 30_000;

export interface Erasure {
  /** Records the deletion and carries it out as far as it can now; resolves to the services still pending. */
  request(user: { _id: string; email: string }): Promise<string[]>;
  /** One round over every unfinished deletion; resolves to how many are still unfinished. */
  retryAll(): Promise<number>;
  start(): void;
  stop(): void;
}

export function createErasure(opts: {
  /** The deletions still to carry out (erasure/store.ts). */
  jobs: Collection<ErasureDoc>;
  /** What hangs off an account here, each opened by its feature's store. */
  tickets: Collection<TicketDoc>;
  resetTokens: Collection<ResetTokenDoc>;
  healthHistory: HealthHistory;
  outbox: Collection<OutboxDoc>;
  users: Users;
  sessions: Sessions;
  revocations: Revocations;
  erasers: PersonalDataEraser[];
  now: () => Date;
  log: FastifyBaseLogger;
  retryMs: number;
}): Erasure {
  const { jobs } = opts;
  const running = new Map<string, Promise<string[]>>();
  let timer: NodeJS.Timeout | null = null;

  /** This service's part, in an order that can stop anywhere and be run again. */
  async function eraseHere(userId: string, email: string | undefined): Promise<ErasureResult> {
    // First every token of the user, in every service; then the account itself, so nobody can sign in again
    // while the rest is erased; then what hangs off it.
    await opts.revocations.user(userId);
    const users = (await opts.users.deleteOne({ _id: userId })).deletedCount;
    const sessions = await opts.sessions.revokeAllOf(userId);
    const tickets = (await opts.tickets.deleteMany({ userId })).deletedCount;
    await opts.resetTokens.deleteMany({ userId });
    await opts.healthHistory.deleteMany({ userId });
    // Mail waiting in the outbox (no SMTP) carries the address and name.
    const mails = email ? (await opts.outbox.deleteMany({ to: email })).deletedCount : 0;
    return { users, sessions, tickets, mails };
  }

  async function run(userId: string): Promise<string[]> {
    const job = await jobs.findOne({ _id: userId });
    if (!job) return [];
    const remaining: string[] = [];
    for (const service of job.pending) {
      try {
        const result = service === 'account' ? await eraseHere(userId, job.email) : await eraserOf(service).erase(userId);
        opts.log.info({ userId, service, result }, 'deleted account: personal data erased');
      } catch (err) {
        remaining.push(service);
        // Logged on the first failures and then now and again, not every round of a long outage.
        if (job.attempts < 3 || job.attempts % 20 === 0) {
          opts.log.warn({ err, userId, service, attempts: job.attempts + 1 }, 'deleted account: erasure not confirmed, will retry');
        }
      }
    }
    if (remaining.length === 0) {
      await jobs.deleteOne({ _id: userId });
    } else {
      const forget = remaining.includes('account') ? {} : { $unset: { email: '' } };
      await jobs.updateOne({ _id: userId }, { $set: { pending: remaining, lastAttemptAt: opts.now() }, $inc: { attempts: 1 }, ...forget });
    }
    return remaining;
  }

  function eraserOf(service: string): PersonalDataEraser {
    const eraser = opts.erasers.find((e) => e.service === service);
    if (!eraser) throw new Error(`no eraser for the ${service} service`);
    return eraser;
  }

  /** One run per user at a time: the route and the timer never erase the same account concurrently. */
  function runOnce(userId: string): Promise<string[]> {
    const current = running.get(userId);
    if (current) return current;
    const started = run(userId).finally(() => running.delete(userId));
    running.set(userId, started);
    return started;
  }

  async function retryAll(): Promise<number> {
    let unfinished = 0;
    for (const job of await jobs.find({}, { sort: { requestedAt: 1 }, projection: { _id: 1 } })) {
      if ((await runOnce(job._id)).length > 0) unfinished++;
    }
    return unfinished;
  }

  return {
    async request(user) {
      const pending = ['account', ...opts.erasers.map((e) => e.service)];
      await jobs.updateOne(
        { _id: user._id },
        { $set: { email: user.email, pending, requestedAt: opts.now(), attempts: 0, lastAttemptAt: null } },
        { upsert: true },
      );
      return runOnce(user._id);
    },
    retryAll,
    start() {
      if (timer || opts.retryMs <= 0) return;
      // Deletions a crash or an outage interrupted continue at start, then on every tick until confirmed.
      const tick = () =>
        void retryAll().catch((err: unknown) => opts.log.error({ err }, 'deleted accounts: erasure round failed'));
      tick();
      timer = setInterval(tick, opts.retryMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

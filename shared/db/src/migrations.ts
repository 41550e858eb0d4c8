/**
 * Versioned migrations (docs/operations.md#migrations): what an upgrade changes in stored data runs once per store,
 * in version order, and is recorded in the store's `migrations` collection, instead of a fix-up that scans the data
 * at every start. Written against the port, so the same runner serves the embedded store and MongoDB. Several
 * processes may start on one MongoDB database at once: a lease in the same collection lets one run the migrations
 * while the others wait, and each reads the record again once it holds the lease, so none runs a migration twice.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError, type Collection, type Doc, type DocumentStore } from './port';

export interface Migration {
  /** 1, 2, 3…: run in this order, each once per store. */
  version: number;
  /** What it does; recorded with its version, so a version reused for another change is caught. */
  name: string;
  /**
   * Must be safe to run again: a stop after it and before its record runs it again at the next start. Wrong on a
   * document that is already right, and on documents written while it runs by processes that do not wait for it.
   */
  up(store: DocumentStore): Promise<unknown>;
}

export const MIGRATIONS = 'migrations';
const LEASE_ID = 'lease';

interface AppliedDoc extends Doc {
  version: number;
  name: string;
  appliedAt: Date;
}
interface LeaseDoc extends Doc {
  owner: string;
  /** ms since the epoch: after this another process may take the lease. */
  until: number;
}
type MigrationDoc = AppliedDoc | LeaseDoc;

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/**
 * The migrations still to run, in order. Refuses a list out of order, a version on record under another name, and a
 * new migration numbered below one already run (it would run after it, out of order: give it the next number).
 * Versions on record that the list does not know (a newer version of the shop ran) are left alone.
 */
export function pendingMigrations(migrations: readonly Migration[], applied: ReadonlyArray<Pick<AppliedDoc, 'version' | 'name'>>): Migration[] {
  let previous = 0;
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version <= previous) {
      throw new MigrationError(`Migration versions must be whole numbers above 0 in rising order: ${m.version} ("${m.name}") follows ${previous}.`);
    }
    previous = m.version;
  }
  const byVersion = new Map(migrations.map((m) => [m.version, m]));
  for (const record of applied) {
    const m = byVersion.get(record.version);
    if (m && m.name !== record.name) {
      throw new MigrationError(`Migration ${record.version} ran as "${record.name}", but this version of the shop calls it "${m.name}".`);
    }
  }
  const done = new Set(applied.map((r) => r.version));
  const highest = Math.max(0, ...applied.filter((r) => byVersion.has(r.version)).map((r) => r.version));
  const pending = migrations.filter((m) => !done.has(m.version));
  const late = pending.find((m) => m.version < highest);
  if (late) throw new MigrationError(`Migration ${late.version} ("${late.name}") is new but ${highest} already ran: number it above ${highest}.`);
  return pending;
}

export interface MigrationOptions {
  /** Who holds the lease, for the message another process shows while it waits (default host, pid and a random part). */
  owner?: string;
  /** How long the lease lasts unless renewed; it is renewed every third of it while migrations run (default 60 s). */
  leaseMs?: number;
  /** How long to wait for another process's migrations before refusing to start (default 5 minutes). */
  waitMs?: number;
  /** How often a waiting process looks again (default 500 ms). */
  pollMs?: number;
  now?: () => number;
}

export interface MigrationRun {
  /** The versions this call ran, in order. */
  applied: number[];
}

const appliedRecords = async (col: Collection<MigrationDoc>) =>
  (await col.find({ version: { $exists: true } }, { sort: { version: 1 } })) as AppliedDoc[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the pending migrations of `store` under the lease and records each; nothing to do costs one read. */
export async function runMigrations(store: DocumentStore, migrations: readonly Migration[], options: MigrationOptions = {}): Promise<MigrationRun> {
  const col = store.collection<MigrationDoc>(MIGRATIONS);
  if (pendingMigrations(migrations, await appliedRecords(col)).length === 0) return { applied: [] };
  const lease = await Lease.take(col, options);
  try {
    const applied: number[] = [];
    // Read again under the lease: a process that held it while this one waited has run some or all of them.
    for (const m of pendingMigrations(migrations, await appliedRecords(col))) {
      await lease.renew();
      await m.up(store);
      await lease.renew();
      await col.insertOne({ _id: `v${m.version}`, version: m.version, name: m.name, appliedAt: new Date(lease.now()) });
      applied.push(m.version);
    }
    return { applied };
  } finally {
    await lease.release();
  }
}

/** The migrations lease: one document, taken by insert (or over an expired one), renewed and given back by its owner. */
class Lease {
  private heartbeat?: NodeJS.Timeout;
  private lost?: Error;

  private constructor(
    private readonly col: Collection<MigrationDoc>,
    private readonly owner: string,
    private readonly leaseMs: number,
    readonly now: () => number,
  ) {}

  static async take(col: Collection<MigrationDoc>, options: MigrationOptions): Promise<Lease> {
    const now = options.now ?? Date.now;
    const leaseMs = options.leaseMs ?? 60_000;
    const lease = new Lease(col, options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, leaseMs, now);
    const giveUpAt = now() + (options.waitMs ?? 5 * 60_000);
    while (!(await lease.tryTake())) {
      if (now() >= giveUpAt) {
        const holder = (await col.findOne({ _id: LEASE_ID })) as LeaseDoc | null;
        throw new MigrationError(`Another process (${holder?.owner ?? 'unknown'}) is still running this store's migrations; start again once it has finished.`);
      }
      await sleep(options.pollMs ?? 500);
    }
    lease.heartbeat = setInterval(() => void lease.renew().catch((e: Error) => (lease.lost = e)), leaseMs / 3);
    lease.heartbeat.unref();
    return lease;
  }

  private async tryTake(): Promise<boolean> {
    const until = this.now() + this.leaseMs;
    try {
      await this.col.insertOne({ _id: LEASE_ID, owner: this.owner, until });
      return true;
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
    // A lease its owner stopped renewing (the process died) is taken over.
    const taken = await this.col.findOneAndUpdate({ _id: LEASE_ID, until: { $lt: this.now() } }, { $set: { owner: this.owner, until } });
    return taken !== null;
  }

  /** Throws when another process took the lease over (this one stalled past it): its work must stop here. */
  async renew(): Promise<void> {
    if (this.lost) throw this.lost;
    const { matchedCount } = await this.col.updateOne({ _id: LEASE_ID, owner: this.owner }, { $set: { until: this.now() + this.leaseMs } });
    if (matchedCount === 0) {
      this.lost = new MigrationError('The migrations lease was taken over by another process while this one ran them.');
      throw this.lost;
    }
  }

  async release(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.col.deleteOne({ _id: LEASE_ID, owner: this.owner });
  }
}

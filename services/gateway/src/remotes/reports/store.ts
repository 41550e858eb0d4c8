import { REMOTE_REPORT_RETENTION_MINUTES, type RemoteName, type RemoteReport, type RemoteVersionHealth } from '@pharmacy/contracts';
import type { Collection, DocumentStore } from '@pharmacy/db';

/** Page views and errors of one version of a remote over a window (the contract's shape). */
export type VersionHealth = RemoteVersionHealth;

/** The counts are kept per minute: a window is the sum of its minutes. */
export const REPORT_BUCKET_MS = 60_000;

/** One remote version's counts in one minute, added to by every gateway process sharing the store. */
interface BucketDoc {
  _id: string;
  name: RemoteName;
  version: string;
  /** The minute's start (epoch ms). */
  minute: number;
  /** The same as a date: the TTL index drops the bucket REMOTE_REPORT_RETENTION_MINUTES after it. */
  at: Date;
  views: number;
  errors: number;
  [key: string]: unknown;
}

export const bucketOf = (ms: number) => Math.floor(ms / REPORT_BUCKET_MS) * REPORT_BUCKET_MS;

/**
 * Per-version views and errors of each remote over a sliding window (docs/operations.md#remote-reports), counted
 * in the gateway's store with `$inc` so that every gateway process adds to the same minute.
 */
export class RemoteReportStore {
  private readonly buckets: Collection<BucketDoc>;

  constructor(store: DocumentStore) {
    this.buckets = store.collection<BucketDoc>('remote_report_buckets');
  }

  async start(): Promise<void> {
    await this.buckets.createIndex({ at: 1 }, { expireAfterSeconds: REMOTE_REPORT_RETENTION_MINUTES * 60 });
    await this.buckets.createIndex({ name: 1, minute: 1 });
  }

  /** Counts a batch: one write per remote version in it. */
  async record(reports: readonly RemoteReport[], now = Date.now()): Promise<void> {
    const minute = bucketOf(now);
    const sums = new Map<string, { name: RemoteName; version: string; views: number; errors: number }>();
    for (const { remote, version, kind } of reports) {
      const key = `${remote}|${version}`;
      const sum = sums.get(key) ?? { name: remote, version, views: 0, errors: 0 };
      if (kind === 'view') sum.views++;
      else sum.errors++;
      sums.set(key, sum);
    }
    await Promise.all(
      [...sums.values()].map(({ name, version, views, errors }) =>
        this.buckets.updateOne(
          { _id: `${name}|${version}|${minute}`, name, version, minute, at: new Date(minute) },
          { $inc: { views, errors } },
          { upsert: true },
        ),
      ),
    );
  }

  /**
   * Views and errors of each version of `name` since `sinceMs`, by whole minutes: the minute `sinceMs` falls in
   * is counted whole, so a window reads at most one minute more than asked, never less.
   */
  async rates(name: RemoteName, sinceMs: number): Promise<VersionHealth[]> {
    const rows = await this.buckets.find({ name, minute: { $gte: bucketOf(sinceMs) } });
    const byVersion = new Map<string, VersionHealth>();
    for (const row of rows) {
      const health = byVersion.get(row.version) ?? { version: row.version, views: 0, errors: 0 };
      health.views += row.views;
      health.errors += row.errors;
      byVersion.set(row.version, health);
    }
    return [...byVersion.values()].sort((a, b) => a.version.localeCompare(b.version));
  }
}

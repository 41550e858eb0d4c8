import { RateLimiterRes, type RateLimiterStoreAbstract, type IRateLimiterStoreOptions } from 'rate-limiter-flexible';
import { isDuplicateKeyError, type Collection, type Doc, type DocumentStore } from '@pharmacy/db';

// rate-limiter-flexible's base class of every limiter with a store ("any new limiter with storage must be extended
// from RateLimiterStoreAbstract", its README): typed by the package, not re-exported by its entry point.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's documented extension point, see above
const StoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract') as typeof RateLimiterStoreAbstract;

/** One key's points in its current window; removed by the store's TTL index once the window has ended. */
export interface LimitDoc extends Doc {
  _id: string;
  points: number;
  /** End of the window (or of a block); null: never ends. */
  expire: Date | null;
}

export type LimiterOptions = Omit<IRateLimiterStoreOptions, 'storeClient' | 'insuranceLimiter' | 'tableName' | 'dbName'>;

/** The account store's collection of counters, shared by every limiter of the service. */
export async function openLimits(store: DocumentStore): Promise<Collection<LimitDoc>> {
  const limits = store.collection<LimitDoc>('limits');
  await limits.createIndex({ expire: 1 }, { expireAfterSeconds: 0, name: 'expire_ttl' });
  return limits;
}

/**
 * A rate-limiter-flexible limiter whose counters live in the service's DocumentStore: the embedded store on one
 * machine (kept across restarts), MongoDB when several processes serve the account API (then every process counts
 * together). Each step is one atomic findOneAndUpdate or insert, so parallel attempts cannot all slip under a limit.
 * The clock is the service's (tests move it). Moving to Redis is swapping this class for RateLimiterRedis with the
 * same options (docs/operations.md#sign-in-limits).
 */
export class StoreLimiter extends StoreAbstract {
  constructor(
    private readonly limits: Collection<LimitDoc>,
    opts: LimiterOptions,
    private readonly now: () => Date,
  ) {
    super({ ...opts, storeClient: limits });
  }

  private live(key: string, at: Date) {
    return { _id: key, $or: [{ expire: { $gt: at } }, { expire: null }] };
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<LimitDoc> {
    const at = this.now();
    const expire = msDuration > 0 ? new Date(at.getTime() + msDuration) : null;
    if (forceExpire) {
      return (await this.limits.findOneAndUpdate({ _id: key }, { $set: { points, expire } }, { upsert: true }))!;
    }
    const counted = await this.limits.findOneAndUpdate(this.live(key, at), { $inc: { points } });
    if (counted) return counted;
    // No window running: a new one starts, over an ended one the TTL index has not removed yet.
    const restarted = await this.limits.findOneAndUpdate({ _id: key, expire: { $lte: at } }, { $set: { points, expire } });
    if (restarted) return restarted;
    try {
      await this.limits.insertOne({ _id: key, points, expire });
      return { _id: key, points, expire };
    } catch (err) {
      // Another request started the window a moment ago: count in it.
      if (isDuplicateKeyError(err)) return this._upsert(key, points, msDuration);
      throw err;
    }
  }

  async _get(key: string): Promise<LimitDoc | null> {
    return this.limits.findOne(this.live(key, this.now()));
  }

  async _delete(key: string): Promise<boolean> {
    return (await this.limits.deleteOne({ _id: key })).deletedCount > 0;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, doc: LimitDoc): RateLimiterRes {
    const msBeforeNext = doc.expire ? Math.max(new Date(doc.expire).getTime() - this.now().getTime(), 0) : -1;
    return new RateLimiterRes(Math.max(this.points - doc.points, 0), msBeforeNext, doc.points, doc.points === changedPoints);
  }
}

/** A consume's outcome: allowed, or refused with the seconds until the key's window ends. */
export type Taken = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Counts one point against `key`; a store failure still throws (a limit that cannot be checked is not passed). */
export async function take(limiter: StoreLimiter, key: string): Promise<Taken> {
  try {
    await limiter.consume(key);
    return { allowed: true };
  } catch (res) {
    if (res instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: secondsOf(res) };
    throw res;
  }
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { entryUrlOf, localFile } from './manifest';
import type { RegistryEntry } from './registry';

/** The Subresource Integrity form of a file's SHA-256: what the registry records and the browser checks. */
export const sri = (bytes: Buffer): string => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

/** How often the entry of a build on another origin is fetched again to see that it still matches. */
export const INTEGRITY_RECHECK_MS = 60_000;

export interface IntegrityWatchOptions {
  root: string;
  fetchEntry?: (url: string) => Promise<Buffer>;
  recheckMs?: number;
  /** Called when a build becomes broken or whole again: what is served changes. */
  onChange: () => void;
  log: () => Pick<FastifyBaseLogger, 'warn'> | undefined;
}

const mismatch = (url: string) => `its entry ${url} no longer matches the hash recorded when it was deployed`;

/**
 * Whether a recorded build's entry still matches the hash recorded for it (docs/operations.md#canary-releases): a
 * build served here is checked against its file (hashed again only when the file changes); a build on another
 * origin is fetched again every INTEGRITY_RECHECK_MS. A build with no recorded hash (a seed) is never broken.
 */
export class IntegrityWatch {
  private readonly files = new Map<string, { mtimeMs: number; size: number; sri: string | null }>();
  private readonly verdicts = new Map<string, string | null>();
  private readonly remote = new Map<string, { checkedAt: number; broken: string | null }>();

  constructor(private readonly opts: IntegrityWatchOptions) {}

  /** Why the build is not served (its entry differs from the recorded hash or is gone), or null. */
  broken(entry: RegistryEntry): string | null {
    if (!entry.integrity) return null;
    const url = entryUrlOf(entry.manifestUrl, entry.buildInfo);
    if (!url.startsWith('/')) return this.remote.get(`${url}\n${entry.integrity}`)?.broken ?? null;
    const file = localFile(this.opts.root, url);
    if (!file) return null;
    const actual = this.fileHash(file);
    const verdict = actual === null ? `its entry ${url} is missing` : actual === entry.integrity ? null : mismatch(url);
    const key = `${url}\n${entry.integrity}`;
    if (this.verdicts.has(key) && this.verdicts.get(key) !== verdict) this.changed(url, verdict);
    this.verdicts.set(key, verdict);
    return verdict;
  }

  /** Fetches again the entries on other origins not checked for INTEGRITY_RECHECK_MS (in the background). */
  recheck(entries: readonly RegistryEntry[], now = Date.now()): void {
    const fetchEntry = this.opts.fetchEntry;
    if (!fetchEntry) return;
    for (const entry of entries) {
      if (!entry.integrity) continue;
      const url = entryUrlOf(entry.manifestUrl, entry.buildInfo);
      if (url.startsWith('/')) continue;
      const key = `${url}\n${entry.integrity}`;
      const known = this.remote.get(key);
      if (known && now - known.checkedAt < (this.opts.recheckMs ?? INTEGRITY_RECHECK_MS)) continue;
      this.remote.set(key, { checkedAt: now, broken: known?.broken ?? null });
      const expected = entry.integrity;
      fetchEntry(url).then(
        (bytes) => {
          const broken = sri(bytes) === expected ? null : mismatch(url);
          if ((known?.broken ?? null) !== broken) this.changed(url, broken);
          this.remote.set(key, { checkedAt: now, broken });
        },
        // an origin that does not answer is not proof of tampering: the browser's own check still stands
        (err: Error) => this.opts.log()?.warn({ entryUrl: url, err: err.message }, 'could not fetch a remote entry to check its hash'),
      );
    }
  }

  private changed(url: string, broken: string | null): void {
    this.opts.log()?.warn({ entryUrl: url, broken }, broken ? 'a remote build no longer matches its recorded hash: not served' : 'a remote build matches its recorded hash again');
    this.opts.onChange();
  }

  private fileHash(file: string): string | null {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    const cached = this.files.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.sri;
    let hash: string | null;
    try {
      hash = sri(fs.readFileSync(file));
    } catch {
      hash = null;
    }
    this.files.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, sri: hash });
    return hash;
  }
}

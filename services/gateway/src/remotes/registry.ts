import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import {
  REMOTE_HISTORY_MAX,
  REMOTE_ROLLBACK_DEPTH,
  REMOTES,
  type RemoteAction,
  type RemoteBuildInfo,
  type RemoteCanary,
  type RemoteDeployment,
  type RemoteHistoryEntry,
  type RemoteName,
} from '@pharmacy/contracts';
import { isDuplicateKeyError, type Collection, type DocumentStore } from '@pharmacy/db';
import { conflict, unprocessable } from '@pharmacy/service-kit';
import { cohortBucket } from './cohort';
import type { HealthGate } from './health-gate';
import { IntegrityWatch } from './integrity';
import { buildInfoOf, entryUrlOf, localFile, parseManifest } from './manifest';

/** A build of one remote as the registry records it. */
export interface RegistryEntry {
  manifestUrl: string;
  buildInfo: RemoteBuildInfo;
  deployedAt: string;
  deployedBy: string;
  /** `sha256-<base64>` of its remoteEntry.js when it was deployed (none for a seed: a local build is rebuilt in place). */
  integrity?: string;
}

/** A build in front of `percent` % of visitors beside the live one (deployedAt/By: when and by whom it started). */
export interface CanaryEntry extends RegistryEntry {
  percent: number;
}


/** One document per remote: what is live, what was live before it (to roll back to), and a revision for safe writes. */
interface RemoteDoc {
  _id: RemoteName;
  entry: RegistryEntry;
  previous: RegistryEntry[];
  /** The canary running beside `entry`, if any (one per remote). */
  canary?: CanaryEntry | null;
  /** `entry` was made live by a deploy or a promotion: the rollout watch compares it with the build before it for a while. */
  fresh?: boolean;
  rev: number;
  /** The REMOTE_URLS value last applied for this remote, so an unchanged variable never undoes a later deployment. */
  envUrl: string | null;
  [key: string]: unknown;
}

export type { RemoteDoc };

interface HistoryDoc extends RemoteHistoryEntry {
  _id: string;
  rev: number;
  [key: string]: unknown;
}

export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
/** A manifest URL of a build the gateway serves itself. */
export const localManifestUrl = (name: RemoteName) => `/mfe/${REMOTES[name].folder}/mf-manifest.json`;
/** Writes of one remote that lost the race to another are tried again this many times before a 409. */
const WRITE_ATTEMPTS = 5;
/** How often the store is read again, for a change another gateway process sharing it made (well inside 5 s). */
export const DEFAULT_REGISTRY_POLL_MS = 2_000;

export const originOf = (url: string): string | null => (/^https?:\/\//.test(url) ? new URL(url).origin : null);

export interface RegistryOptions {
  /** Where the built apps are (the local builds' manifests are read from there). */
  root: string;
  /** REMOTE_URLS: applied at start when it changed since it was last applied. */
  remoteUrls?: Partial<Record<string, string>>;
  pollMs?: number;
  /** Run before any deploy or canary is written (remotes/health-gate.ts); none in unit tests of the registry itself. */
  healthGate?: HealthGate;
  /** Reads a remote entry's bytes (the integrity re-check of builds on other origins); none: they are not re-checked. */
  fetchEntry?: (url: string) => Promise<Buffer>;
  /** How often that re-check happens (default INTEGRITY_RECHECK_MS). */
  integrityRecheckMs?: number;
}

/** What one change writes to a remote's document and says in the history. */
interface Change {
  set: Partial<Pick<RemoteDoc, 'entry' | 'previous' | 'canary' | 'envUrl' | 'fresh'>>;
  from: string | null;
  to: string;
  note?: string;
}

/** Who and why of a change the rollout watch (or a person) makes with a note; `only` guards against acting on a build replaced meanwhile. */
export interface ChangeOptions {
  note?: string;
  /** Acts only while this manifest URL is still the one concerned (the canary for an abort, the live build for a rollback). */
  only?: string;
  automatic?: boolean;
}

/**
 * The version a page is told it runs of a remote (the host reports it with what went wrong): the build's version
 * and a short hash of where it came from, so two builds sharing a version number are still told apart.
 */
export function versionTag(entry: RegistryEntry): string {
  const hash = createHash('sha256').update(`${entry.manifestUrl}\n${entry.integrity ?? ''}`).digest('hex').slice(0, 8);
  return `${entry.buildInfo.buildVersion ?? '0.0.0'}+${hash}`;
}

/**
 * Which build of each remote is live, kept in the gateway's store with every change (who, when, from, to) so a
 * team can deploy and roll back its remote without anything being restarted. Pages read the live set from memory
 * (`live()`, or `forVisitor()` with canaries): it is refreshed at once after a write here and read again from the
 * store every `pollMs`.
 */
export class RemoteRegistry {
  private readonly remotes: Collection<RemoteDoc>;
  private readonly history: Collection<HistoryDoc>;
  private current = new Map<RemoteName, RegistryEntry>();
  private docs = new Map<RemoteName, RemoteDoc>();
  /** Every recorded build by the URL of its entry (for the refusal of an entry served here). */
  private byEntryUrl = new Map<string, RegistryEntry[]>();
  private timer: NodeJS.Timeout | undefined;
  private log: FastifyBaseLogger | undefined;
  private readonly integrity: IntegrityWatch;
  /** Bumped whenever the live set changes, so what is derived from it (CSP, preload hints) is computed once per change. */
  generation = 0;

  constructor(
    store: DocumentStore,
    private readonly opts: RegistryOptions,
  ) {
    this.remotes = store.collection<RemoteDoc>('remote_deployments');
    this.history = store.collection<HistoryDoc>('remote_history');
    this.integrity = new IntegrityWatch({
      root: opts.root,
      fetchEntry: opts.fetchEntry,
      recheckMs: opts.integrityRecheckMs,
      onChange: () => this.generation++,
      log: () => this.log,
    });
  }

  /** Seeds every remote not yet recorded, applies a changed REMOTE_URLS, loads the live set and starts polling. */
  async start(log?: FastifyBaseLogger): Promise<void> {
    this.log = log;
    await this.history.createIndex({ at: -1 });
    for (const name of REMOTE_NAMES) await this.seed(name);
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch((err: Error) => this.log?.warn({ err: err.message }, 'could not read the remote registry; keeping the last one read'));
    }, this.opts.pollMs ?? DEFAULT_REGISTRY_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The live build of every remote (for everyone outside a canary), from memory. */
  live(): ReadonlyMap<RemoteName, RegistryEntry> {
    return this.current;
  }

  /** A remote's document as last read (live, canary, previous), for the rollout watch. */
  stateOf(name: RemoteName): Readonly<RemoteDoc> | undefined {
    return this.docs.get(name);
  }

  /**
   * The build of each remote this visitor is given, the same for the server render and the browser: the canary
   * when their cohort of that remote is under its percent, else the live build; a build whose entry no longer
   * matches its recorded hash is passed over for the next one back (live, then earlier ones).
   */
  forVisitor(visitor: string | null): ReadonlyMap<RemoteName, RegistryEntry> {
    const served = new Map<RemoteName, RegistryEntry>();
    for (const [name, doc] of this.docs) {
      const inCanary = !!doc.canary && visitor !== null && cohortBucket(visitor, name) < doc.canary.percent;
      const candidates = [...(inCanary && doc.canary ? [doc.canary] : []), doc.entry, ...[...doc.previous].reverse()];
      served.set(name, candidates.find((entry) => !this.integrity.broken(entry)) ?? doc.entry);
    }
    return served;
  }

  /** Every build some visitor may be given now (a canary and the live build or its stand-in), for the CSP. */
  servable(): RegistryEntry[] {
    const everyone = this.forVisitor(null);
    return [...this.docs.values()].flatMap((doc) => [...(doc.canary && !this.integrity.broken(doc.canary) ? [doc.canary] : []), everyone.get(doc._id) ?? doc.entry]);
  }

  /**
   * Why a request for `url` (an entry served here) is refused: every build recorded with that entry has a hash,
   * and the file matches none of them. Null for any other URL.
   */
  refusedEntry(url: string): string | null {
    const recorded = this.byEntryUrl.get(url);
    if (!recorded || recorded.some((entry) => !entry.integrity)) return null;
    const reasons = recorded.map((entry) => this.integrity.broken(entry));
    return reasons.every(Boolean) ? reasons[0] : null;
  }

  /** Why the gateway no longer serves this build (its entry changed since it was deployed), or null. */
  brokenReason(entry: RegistryEntry): string | null {
    return this.integrity.broken(entry);
  }

  /** Every remote as live now (a build served here re-read from disk: its files may be replaced in place) and the history. */
  async list(): Promise<{ data: RemoteDeployment[]; history: RemoteHistoryEntry[] }> {
    const docs = await this.remotes.find({});
    const byName = new Map(docs.map((d) => [d._id, d]));
    const data = REMOTE_NAMES.flatMap((name) => {
      const doc = byName.get(name);
      if (!doc) return [];
      const entry = doc.entry.manifestUrl.startsWith('/') ? { ...doc.entry, buildInfo: this.localBuildInfo(doc.entry.manifestUrl) } : doc.entry;
      return [this.toDeployment(name, entry, doc.canary ?? null)];
    });
    const rows = await this.history.find({}, { sort: { at: -1, rev: -1 }, limit: REMOTE_HISTORY_MAX });
    return { data, history: rows.map(toHistory) };
  }

  /** Makes `entry` live for `name` after the health gate; the entry it replaces can be rolled back to. 409 while a canary runs. */
  async deploy(name: RemoteName, entry: RegistryEntry): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    await this.opts.healthGate?.(entry.manifestUrl, entry.buildInfo, name);
    return this.change(name, 'deploy', entry.deployedBy, (doc) => {
      if (doc.canary) throw conflict(`${name} has a canary running (${doc.canary.manifestUrl}): promote or abort it before deploying.`);
      return { set: { entry, previous: [...doc.previous, doc.entry].slice(-REMOTE_ROLLBACK_DEPTH), fresh: true }, from: doc.entry.manifestUrl, to: entry.manifestUrl };
    });
  }

  /** Puts `entry` in front of `percent` % of visitors beside the live build, after the health gate. 409 when one runs already. */
  async canary(name: RemoteName, entry: RegistryEntry, percent: number): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    await this.opts.healthGate?.(entry.manifestUrl, entry.buildInfo, name);
    return this.change(name, 'canary', entry.deployedBy, (doc) => {
      if (doc.canary) throw conflict(`${name} already has a canary (${doc.canary.manifestUrl} for ${doc.canary.percent} % of visitors): promote or abort it first.`);
      return { set: { canary: { ...entry, percent } }, from: doc.entry.manifestUrl, to: entry.manifestUrl, note: `${percent} % of visitors` };
    });
  }

  /** Makes the canary live for everyone; the build it replaces can be rolled back to. 422 without a canary. */
  promote(name: RemoteName, by: string): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    return this.change(name, 'promote', by, (doc) => {
      if (!doc.canary) throw unprocessable(`${name} has no canary to promote.`);
      const { percent, ...build } = doc.canary;
      return {
        set: { entry: { ...build, deployedAt: new Date().toISOString(), deployedBy: by }, previous: [...doc.previous, doc.entry].slice(-REMOTE_ROLLBACK_DEPTH), canary: null, fresh: true },
        from: doc.entry.manifestUrl,
        to: build.manifestUrl,
        note: `from ${percent} % of visitors to all`,
      };
    });
  }

  /** Ends the canary: everyone is back on the live build. 422 without a canary (or when `only` names another one). */
  abort(name: RemoteName, by: string, opts: ChangeOptions = {}): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    return this.change(name, opts.automatic ? 'auto-abort' : 'abort', by, (doc) => {
      if (!doc.canary || (opts.only !== undefined && doc.canary.manifestUrl !== opts.only)) throw unprocessable(`${name} has no canary to abort.`);
      return { set: { canary: null }, from: doc.canary.manifestUrl, to: doc.entry.manifestUrl, note: opts.note };
    });
  }

  /**
   * Makes the entry live before the current one live again (422 when there is none). It is not checked again: it
   * passed when it was deployed, and a rollback is what is reached for when something is wrong.
   */
  rollback(name: RemoteName, by: string, opts: ChangeOptions = {}): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    return this.change(name, opts.automatic ? 'auto-rollback' : 'rollback', by, (doc) => {
      if (opts.only !== undefined && doc.entry.manifestUrl !== opts.only) throw unprocessable(`${name} is no longer live from ${opts.only}.`);
      const back = doc.previous.at(-1);
      if (!back) throw unprocessable(`${name} has no earlier deployment to roll back to.`);
      return {
        set: { entry: { ...back, deployedAt: new Date().toISOString(), deployedBy: by }, previous: doc.previous.slice(0, -1), fresh: false },
        from: doc.entry.manifestUrl,
        to: back.manifestUrl,
        note: opts.note,
      };
    });
  }

  /**
   * One change of one remote: read, compute, and write only if nobody wrote since (its revision), else read again.
   * Two deployments of one remote at once both land, one after the other, each with its history row.
   */
  private async change(
    name: RemoteName,
    action: RemoteAction,
    by: string,
    next: (doc: RemoteDoc) => Change,
  ): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const doc = await this.remotes.findOne({ _id: name });
      if (!doc) throw conflict(`${name} is not in the registry yet. Please try again in a moment.`);
      const change = next(doc);
      const written = await this.remotes.findOneAndUpdate({ _id: name, rev: doc.rev }, { $set: { ...change.set, rev: doc.rev + 1 } });
      if (!written) continue;
      const row: HistoryDoc = {
        _id: `${name}-${doc.rev + 1}-${Date.now()}`,
        name,
        from: change.from,
        to: change.to,
        at: new Date().toISOString(),
        by,
        action,
        ...(change.note ? { note: change.note } : {}),
        rev: doc.rev + 1,
      };
      await this.history.insertOne(row);
      await this.reload();
      const after = { ...doc, ...change.set };
      const shown = action === 'canary' && after.canary ? after.canary : after.entry;
      return { deployment: this.toDeployment(name, shown, shown === after.canary ? null : (after.canary ?? null)), change: toHistory(row) };
    }
    throw conflict(`${name} is being changed by someone else right now. Please look at the registry and try again.`);
  }

  /**
   * A remote seen for the first time is recorded as its REMOTE_URLS value or the local build. Later, REMOTE_URLS is
   * applied when it changes: a new value is deployed (by 'env'); a value removed from it gives the local build back
   * if that value is still live. A deployment made through the registry since is never undone by a restart.
   */
  private async seed(name: RemoteName): Promise<void> {
    const envUrl = this.opts.remoteUrls?.[name] ?? null;
    const doc = await this.remotes.findOne({ _id: name });
    if (!doc) {
      const url = envUrl ?? localManifestUrl(name);
      const by = envUrl ? 'env' : 'seed';
      const entry: RegistryEntry = { manifestUrl: url, buildInfo: this.localBuildInfo(url), deployedAt: new Date().toISOString(), deployedBy: by };
      try {
        await this.remotes.insertOne({ _id: name, entry, previous: [], canary: null, rev: 1, envUrl });
      } catch (err) {
        if (isDuplicateKeyError(err)) return; // another gateway process seeded it first
        throw err;
      }
      await this.history.insertOne({ _id: `${name}-1-${Date.now()}`, name, from: null, to: url, at: entry.deployedAt, by, action: 'seed', rev: 1 });
      return;
    }
    if (envUrl === doc.envUrl) return;
    const target = envUrl ?? (doc.entry.manifestUrl === doc.envUrl ? localManifestUrl(name) : null);
    if (target === null || target === doc.entry.manifestUrl) {
      await this.remotes.updateOne({ _id: name, rev: doc.rev }, { $set: { envUrl } });
      return;
    }
    this.log?.info({ remote: name, from: doc.entry.manifestUrl, to: target }, 'REMOTE_URLS changed: deploying it');
    await this.change(name, 'deploy', 'env', (current) => ({
      set: {
        entry: { manifestUrl: target, buildInfo: this.localBuildInfo(target), deployedAt: new Date().toISOString(), deployedBy: 'env' },
        previous: [...current.previous, current.entry].slice(-REMOTE_ROLLBACK_DEPTH),
        envUrl,
        fresh: false,
      },
      from: current.entry.manifestUrl,
      to: target,
    }));
  }

  private async reload(): Promise<void> {
    const docs = await this.remotes.find({});
    const fresh = new Map(docs.map((d) => [d._id, d.entry]));
    const key = (m: ReadonlyMap<RemoteName, RemoteDoc>) =>
      JSON.stringify(REMOTE_NAMES.map((n) => [m.get(n)?.entry.manifestUrl, m.get(n)?.entry.buildInfo.publicPath, m.get(n)?.canary?.manifestUrl, m.get(n)?.canary?.percent]));
    const freshDocs = new Map(docs.map((d) => [d._id, d]));
    if (key(freshDocs) !== key(this.docs)) this.generation++;
    this.current = fresh;
    this.docs = freshDocs;
    const recorded = docs.flatMap((d) => [...(d.canary ? [d.canary] : []), d.entry, ...d.previous]);
    const byEntryUrl = new Map<string, RegistryEntry[]>();
    for (const entry of recorded) {
      const url = entryUrlOf(entry.manifestUrl, entry.buildInfo);
      byEntryUrl.set(url, [...(byEntryUrl.get(url) ?? []), entry]);
    }
    this.byEntryUrl = byEntryUrl;
    // builds on other origins are fetched again now and then: one whose entry changed is no longer served
    this.integrity.recheck(recorded);
  }

  private toDeployment(name: RemoteName, entry: RegistryEntry, canary: CanaryEntry | null): RemoteDeployment {
    const broken = this.integrity.broken(entry);
    return {
      ...toDeploymentOf(name, entry),
      ...(broken ? { broken } : {}),
      ...(canary ? { canary: this.toCanary(canary) } : {}),
    };
  }

  private toCanary(canary: CanaryEntry): RemoteCanary {
    const { name: _name, deployedAt, deployedBy, ...build } = toDeploymentOf('catalog', canary);
    const broken = this.integrity.broken(canary);
    return { ...build, ...(broken ? { broken } : {}), percent: canary.percent, startedAt: deployedAt, startedBy: deployedBy };
  }

  /** The build info of a build served here, read from its manifest on disk (empty when it is not built or not readable). */
  private localBuildInfo(manifestUrl: string): RemoteBuildInfo {
    const file = manifestUrl.startsWith('/') ? localFile(this.opts.root, manifestUrl) : null;
    if (!file || !fs.existsSync(file)) return {};
    try {
      return buildInfoOf(parseManifest(fs.readFileSync(file, 'utf8')));
    } catch {
      return {};
    }
  }
}

function toDeploymentOf(name: RemoteName, entry: RegistryEntry): RemoteDeployment {
  return {
    name,
    manifestUrl: entry.manifestUrl,
    origin: originOf(entry.manifestUrl),
    version: entry.buildInfo.buildVersion ?? null,
    buildInfo: entry.buildInfo,
    deployedAt: entry.deployedAt,
    deployedBy: entry.deployedBy,
    ...(entry.integrity ? { integrity: entry.integrity } : {}),
  };
}

function toHistory(row: HistoryDoc): RemoteHistoryEntry {
  return { name: row.name, from: row.from, to: row.to, at: row.at, by: row.by, action: row.action, ...(row.note ? { note: row.note } : {}) };
}

import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import {
  REMOTE_HISTORY_MAX,
  REMOTE_ROLLBACK_DEPTH,
  REMOTES,
  type RemoteAction,
  type RemoteBuildInfo,
  type RemoteDeployment,
  type RemoteHistoryEntry,
  type RemoteName,
} from '@pharmacy/contracts';
import { isDuplicateKeyError, type Collection, type DocumentStore } from '@pharmacy/db';
import { conflict, unprocessable } from '@pharmacy/service-kit';
import type { HealthGate } from './health-gate';
import { buildInfoOf, localFile, parseManifest } from './manifest';

/** A build of one remote as the registry records it. */
export interface RegistryEntry {
  manifestUrl: string;
  buildInfo: RemoteBuildInfo;
  deployedAt: string;
  deployedBy: string;
}

/** One document per remote: what is live, what was live before it (to roll back to), and a revision for safe writes. */
interface RemoteDoc {
  _id: RemoteName;
  entry: RegistryEntry;
  previous: RegistryEntry[];
  rev: number;
  /** The REMOTE_URLS value last applied for this remote, so an unchanged variable never undoes a later deployment. */
  envUrl: string | null;
  [key: string]: unknown;
}

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
  /** Checked before a deploy writes anything (remotes/health-gate.ts); none in unit tests of the registry itself. */
  healthGate?: HealthGate;
}

/**
 * Which build of each remote is live, kept in the gateway's store with every change (who, when, from, to) so a
 * team can deploy and roll back its remote without anything being restarted. Pages read the live set from memory
 * (`live()`): it is refreshed at once after a write here and read again from the store every `pollMs`.
 */
export class RemoteRegistry {
  private readonly remotes: Collection<RemoteDoc>;
  private readonly history: Collection<HistoryDoc>;
  private current = new Map<RemoteName, RegistryEntry>();
  private timer: NodeJS.Timeout | undefined;
  private log: FastifyBaseLogger | undefined;
  /** Bumped whenever the live set changes, so what is derived from it (CSP, preload hints) is computed once per change. */
  generation = 0;

  constructor(
    store: DocumentStore,
    private readonly opts: RegistryOptions,
  ) {
    this.remotes = store.collection<RemoteDoc>('remote_deployments');
    this.history = store.collection<HistoryDoc>('remote_history');
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

  /** The live build of every remote, from memory. */
  live(): ReadonlyMap<RemoteName, RegistryEntry> {
    return this.current;
  }

  /** Every remote as live now (a build served here re-read from disk: its files may be replaced in place) and the history. */
  async list(): Promise<{ data: RemoteDeployment[]; history: RemoteHistoryEntry[] }> {
    const docs = await this.remotes.find({});
    const byName = new Map(docs.map((d) => [d._id, d]));
    const data = REMOTE_NAMES.flatMap((name) => {
      const doc = byName.get(name);
      if (!doc) return [];
      const entry = doc.entry.manifestUrl.startsWith('/') ? { ...doc.entry, buildInfo: this.localBuildInfo(doc.entry.manifestUrl) } : doc.entry;
      return [toDeployment(name, entry)];
    });
    const rows = await this.history.find({}, { sort: { at: -1, rev: -1 }, limit: REMOTE_HISTORY_MAX });
    return { data, history: rows.map(toHistory) };
  }

  /** Makes `entry` live for `name`; the entry it replaces can be rolled back to. */
  async deploy(name: RemoteName, entry: RegistryEntry): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    await this.opts.healthGate?.(entry.manifestUrl, entry.buildInfo, name);
    return this.change(name, 'deploy', entry.deployedBy, (doc) => ({
      entry,
      previous: [...doc.previous, doc.entry].slice(-REMOTE_ROLLBACK_DEPTH),
    }));
  }

  /**
   * Makes the entry live before the current one live again (422 when there is none). It is not checked again: it
   * passed when it was deployed, and a rollback is what is reached for when something is wrong.
   */
  rollback(name: RemoteName, by: string): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    return this.change(name, 'rollback', by, (doc) => {
      const back = doc.previous.at(-1);
      if (!back) throw unprocessable(`${name} has no earlier deployment to roll back to.`);
      return { entry: { ...back, deployedAt: new Date().toISOString(), deployedBy: by }, previous: doc.previous.slice(0, -1) };
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
    next: (doc: RemoteDoc) => Pick<RemoteDoc, 'entry' | 'previous'> & { envUrl?: string | null },
  ): Promise<{ deployment: RemoteDeployment; change: RemoteHistoryEntry }> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const doc = await this.remotes.findOne({ _id: name });
      if (!doc) throw conflict(`${name} is not in the registry yet. Please try again in a moment.`);
      const update = next(doc);
      const written = await this.remotes.findOneAndUpdate({ _id: name, rev: doc.rev }, { $set: { ...update, rev: doc.rev + 1 } });
      if (!written) continue;
      const row: HistoryDoc = {
        _id: `${name}-${doc.rev + 1}-${Date.now()}`,
        name,
        from: doc.entry.manifestUrl,
        to: update.entry.manifestUrl,
        at: new Date().toISOString(),
        by,
        action,
        rev: doc.rev + 1,
      };
      await this.history.insertOne(row);
      await this.reload();
      return { deployment: toDeployment(name, update.entry), change: toHistory(row) };
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
        await this.remotes.insertOne({ _id: name, entry, previous: [], rev: 1, envUrl });
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
      entry: { manifestUrl: target, buildInfo: this.localBuildInfo(target), deployedAt: new Date().toISOString(), deployedBy: 'env' },
      previous: [...current.previous, current.entry].slice(-REMOTE_ROLLBACK_DEPTH),
      envUrl,
    }));
  }

  private async reload(): Promise<void> {
    const docs = await this.remotes.find({});
    const fresh = new Map(docs.map((d) => [d._id, d.entry]));
    const key = (m: ReadonlyMap<RemoteName, RegistryEntry>) => JSON.stringify(REMOTE_NAMES.map((n) => [m.get(n)?.manifestUrl, m.get(n)?.buildInfo.publicPath]));
    if (key(fresh) !== key(this.current)) this.generation++;
    this.current = fresh;
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

function toDeployment(name: RemoteName, entry: RegistryEntry): RemoteDeployment {
  return {
    name,
    manifestUrl: entry.manifestUrl,
    origin: originOf(entry.manifestUrl),
    version: entry.buildInfo.buildVersion ?? null,
    buildInfo: entry.buildInfo,
    deployedAt: entry.deployedAt,
    deployedBy: entry.deployedBy,
  };
}

function toHistory(row: HistoryDoc): RemoteHistoryEntry {
  return { name: row.name, from: row.from, to: row.to, at: row.at, by: row.by, action: row.action };
}

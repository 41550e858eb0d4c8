import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import semver from 'semver';
import { REMOTE_EXPOSES, REMOTES, type RemoteBuildInfo, type RemoteName } from '@pharmacy/contracts';
import type { OriginRule } from './origins';

/** How long a manifest may take to arrive, and how large it may be: it is a few KB of JSON. */
export const MANIFEST_TIMEOUT_MS = 5_000;
export const MANIFEST_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The parts of a Module Federation 2 `mf-manifest.json` the registry reads. */
export interface MfManifest {
  id?: string;
  name: string;
  metaData: {
    name?: string;
    buildInfo?: { buildVersion?: string; buildName?: string };
    remoteEntry: { name: string; path?: string };
    publicPath?: string;
  };
  exposes: Array<{ path?: string; name?: string }>;
  shared: Array<{ name: string; version?: string; singleton?: boolean; requiredVersion?: string | false }>;
}

/** A manifest that cannot be used: the message says exactly why, for the person or pipeline deploying it. */
export class ManifestProblem extends Error {}

/** The folder a same-origin manifest path (/mfe/<folder>/…) is served from, or null for a path outside them. */
export function localFile(root: string, manifestUrl: string): string | null {
  const m = /^\/mfe\/([a-z-]+)\/(.+)$/.exec(manifestUrl.split(/[?#]/)[0]);
  const name = m && (Object.keys(REMOTES) as RemoteName[]).find((n) => REMOTES[n].folder === m[1]);
  if (!m || !name) return null;
  const dist = path.join(root, `mfe-${REMOTES[name].folder}`, 'dist');
  const file = path.resolve(dist, decodeURIComponent(m[2]));
  return file.startsWith(dist + path.sep) ? file : null;
}

/** The size cap was reached: the rest is not read. */
class TooLarge extends Error {}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw new TooLarge();
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface ManifestSource {
  /** Where the built apps are: a same-origin manifest is read from there. */
  root: string;
  /** The origins a manifest may be fetched from (remotes/origins.ts). */
  originAllowed: OriginRule;
  /** Where the reason a fetch failed goes: the operator's log, never the deployer's answer. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** What is fetched: its name in a refusal, what is accepted and how large it may be. */
interface Fetched {
  what: 'manifest' | 'entry';
  accept: string;
  maxBytes: number;
}
const MANIFEST: Fetched = { what: 'manifest', accept: 'application/json', maxBytes: MANIFEST_MAX_BYTES };
/** A remote's entry (remoteEntry.js) is a few dozen KB of script. */
export const ENTRY_MAX_BYTES = 5 * 1024 * 1024;
const ENTRY: Fetched = { what: 'entry', accept: '*/*', maxBytes: ENTRY_MAX_BYTES };

/**
 * A file of a remote build: read from disk for a build the gateway serves itself, fetched otherwise, from an allowed
 * origin only, redirects included (5 s, a size cap, at most three redirects and only to http(s)). Throws a
 * ManifestProblem naming the rule that refused it, or only that it could not be fetched: what the other end
 * answered (its status, its error, its size) is logged, not told, so the registry cannot be used to probe
 * what answers where.
 */
async function fetchBuildFile(fileUrl: string, source: ManifestSource, kind: Fetched): Promise<Buffer> {
  const notFetched = `the ${kind.what} could not be fetched`;
  if (fileUrl.startsWith('/')) {
    const file = localFile(source.root, fileUrl);
    if (!file) throw new ManifestProblem(`${notFetched}: ${fileUrl} is not a file the shop serves (a path must be /mfe/<remote folder>/…)`);
    try {
      return await fs.promises.readFile(file);
    } catch {
      throw new ManifestProblem(`${notFetched}: ${fileUrl} does not exist on this server`);
    }
  }
  const refused = (rule: string) => new ManifestProblem(`${notFetched}: ${rule}`);
  let url = new URL(fileUrl);
  if (!source.originAllowed(url.origin)) throw refused(`origin ${url.origin} is not allowed (REMOTE_ORIGINS)`);
  const deadline = AbortSignal.timeout(MANIFEST_TIMEOUT_MS);
  let why: string;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, { redirect: 'manual', signal: deadline, headers: { accept: kind.accept } });
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel();
        const next = new URL(response.headers.get('location') as string, url);
        if (!/^https?:$/.test(next.protocol)) throw refused('it redirects to something other than http or https');
        if (!source.originAllowed(next.origin)) throw refused('it redirects to an origin that is not allowed (REMOTE_ORIGINS)');
        if (hop >= MAX_REDIRECTS) throw refused(`it redirects more than ${MAX_REDIRECTS} times`);
        url = next;
        continue;
      }
      if (response.ok) return await readCapped(response, kind.maxBytes);
      await response.body?.cancel();
      why = `${url.href} answered ${response.status}`;
      break;
    }
  } catch (err) {
    if (err instanceof ManifestProblem) throw err;
    const e = err as Error & { cause?: { code?: string; message?: string } };
    why =
      err instanceof TooLarge
        ? `${url.href} is larger than ${kind.maxBytes / 1024} KB`
        : e.name === 'TimeoutError'
          ? `${url.href} did not answer within ${MANIFEST_TIMEOUT_MS / 1000} s`
          : `${url.href}: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
  }
  source.log?.warn({ [`${kind.what}Url`]: fileUrl, why }, `remote ${kind.what} could not be fetched`);
  throw new ManifestProblem(`${notFetched} (the shop's log has the reason)`);
}

/** The manifest's text (fetchBuildFile's rules, 1 MB at most). */
export async function fetchManifestText(manifestUrl: string, source: ManifestSource): Promise<string> {
  return (await fetchBuildFile(manifestUrl, source, MANIFEST)).toString('utf8');
}

/** The bytes of a build's entry (remoteEntry.js), by fetchBuildFile's rules: its hash is recorded at deploy time. */
export function fetchEntryBytes(entryUrl: string, source: ManifestSource): Promise<Buffer> {
  return fetchBuildFile(entryUrl, source, ENTRY);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses and checks the shape of an mf-manifest.json (Module Federation 2): name, metaData.remoteEntry, exposes, shared. */
export function parseManifest(text: string): MfManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ManifestProblem('the manifest is not valid JSON');
  }
  const missing: string[] = [];
  if (!isObject(data)) throw new ManifestProblem('the manifest is not a Module Federation manifest (not a JSON object)');
  if (typeof data.name !== 'string' && typeof data.id !== 'string') missing.push('name');
  const meta = data.metaData;
  if (!isObject(meta) || !isObject(meta.remoteEntry) || typeof meta.remoteEntry.name !== 'string') missing.push('metaData.remoteEntry');
  if (!Array.isArray(data.exposes)) missing.push('exposes');
  if (!Array.isArray(data.shared) || !data.shared.every((s) => isObject(s) && typeof s.name === 'string')) missing.push('shared');
  if (missing.length) throw new ManifestProblem(`the manifest is not a Module Federation manifest (missing ${missing.join(', ')})`);
  return data as unknown as MfManifest;
}

/** Every reason a build cannot be made live as `name` in front of this host, each in the words a deployer acts on. */
export function mismatches(name: RemoteName, manifest: MfManifest, hostProvides: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const built = manifest.name ?? manifest.id;
  if (built !== name) problems.push(`manifest is for '${built}', not '${name}'`);
  const exposed = new Set(manifest.exposes.map((e) => e.path ?? (e.name ? `./${e.name}` : '')));
  for (const module of REMOTE_EXPOSES[name]) if (!exposed.has(module)) problems.push(`missing exposed module ${module}`);
  for (const s of manifest.shared) {
    if (!s.singleton || typeof s.requiredVersion !== 'string') continue;
    const provided = hostProvides.get(s.name);
    if (!provided) problems.push(`${name} shares ${s.name} as a singleton; the host does not provide it`);
    else if (!semver.satisfies(provided, s.requiredVersion, { includePrerelease: true })) {
      problems.push(`${name} needs ${s.name} ${s.requiredVersion}; the host provides ${provided}`);
    }
  }
  return problems;
}

/** What the registry shows of a build: its version, name, public path and entry file. */
export function buildInfoOf(manifest: MfManifest): RemoteBuildInfo {
  const { buildInfo, publicPath, remoteEntry } = manifest.metaData;
  return {
    ...(buildInfo?.buildVersion ? { buildVersion: String(buildInfo.buildVersion) } : {}),
    ...(buildInfo?.buildName ? { buildName: String(buildInfo.buildName) } : {}),
    ...(publicPath ? { publicPath: String(publicPath) } : {}),
    remoteEntry: `${remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : ''}${remoteEntry.name}`,
  };
}

/** Where the browser loads the entry of a build from: its public path (or beside the manifest when `auto`) and its entry file. */
export function entryUrlOf(manifestUrl: string, buildInfo: RemoteBuildInfo): string {
  const shop = 'http://shop.invalid';
  const manifest = new URL(manifestUrl, shop);
  const publicPath = buildInfo.publicPath;
  const base = !publicPath || publicPath === 'auto' ? manifest : new URL(publicPath, manifest);
  const entry = new URL(buildInfo.remoteEntry ?? 'remoteEntry.js', base);
  return entry.origin === shop ? `${entry.pathname}${entry.search}` : entry.href;
}

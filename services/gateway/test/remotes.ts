// What the remote registry's tests share: a fake build (host and local remotes with their manifests), fake
// remote builds served from another origin by the same script teams use, and a gateway with deploy tokens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { ACCESS_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE, REMOTE_EXPOSES, REMOTES, type RemoteName, type StaffRole } from '@pharmacy/contracts';
import { createAccessTokenSigner, ensureKeys, loadConfig, loadKeys, type App } from '@pharmacy/service-kit';
import { serveRemote } from '../../../tools/serve-remote';
import { buildGateway } from '../src';

/** The shared packages the fake host provides, as its built manifest records them. */
export const HOST_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', '@pharmacy/session': '0.1.0', '@pharmacy/ui': '0.3.0' };

export interface FakeManifestOptions {
  name?: string;
  exposes?: readonly string[];
  /** package → requiredVersion, each shared as a singleton */
  shared?: Record<string, string>;
  buildVersion?: string;
  publicPath?: string;
}

/** A Module Federation 2 mf-manifest.json of a remote build (the fields the gateway reads, as the build writes them). */
export function fakeManifest(remote: RemoteName, opts: FakeManifestOptions = {}): object {
  const name = opts.name ?? remote;
  const shared = opts.shared ?? { react: '^19.2.0', 'react-dom': '^19.2.0', '@pharmacy/session': '^0.1.0', '@pharmacy/ui': '^0.3.0' };
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: opts.buildVersion ?? '0.1.0', buildName: `@pharmacy/mfe-${REMOTES[remote].folder}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: name,
      publicPath: opts.publicPath ?? 'auto',
    },
    shared: Object.entries(shared).map(([pkg, requiredVersion]) => ({ id: `${name}:${pkg}`, name: pkg, version: requiredVersion.replace(/^\^/, ''), singleton: true, requiredVersion })),
    remotes: [],
    exposes: (opts.exposes ?? REMOTE_EXPOSES[remote]).map((p) => ({ id: `${name}:${p.slice(2)}`, name: p.slice(2), path: p, assets: {} })),
  };
}

export const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** A static root: the built host (index.html and its manifest) and every remote built locally. */
export function fakeBuild(): string {
  const root = tmp('gw-registry-');
  const host = path.join(root, 'host-shell/dist');
  fs.mkdirSync(host, { recursive: true });
  fs.writeFileSync(path.join(host, 'index.html'), '<!doctype html><title>Pharmacy v1</title>');
  fs.writeFileSync(
    path.join(host, 'mf-manifest.json'),
    JSON.stringify({ id: 'host', name: 'host', metaData: { remoteEntry: { name: '' } }, exposes: [], shared: Object.entries(HOST_SHARED).map(([name, version]) => ({ name, version, singleton: true })) }),
  );
  for (const name of Object.keys(REMOTES) as RemoteName[]) {
    const dist = path.join(root, `mfe-${REMOTES[name].folder}/dist`);
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(fakeManifest(name)));
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), '');
  }
  return root;
}

/** Remote builds on another origin: each folder under the served root holds one mf-manifest.json (or anything else). */
export class FakeRemoteOrigin {
  readonly dir = tmp('gw-remote-origin-');
  private served?: { server: Server; origin: string };

  async start(allowOrigin: string): Promise<this> {
    this.served = await serveRemote({ dir: this.dir, port: 0, allowOrigin });
    return this;
  }

  get origin(): string {
    return this.served?.origin ?? '';
  }

  /** Writes a build's manifest (an object, or raw text) and its entry (`entry`, unless null), and answers its URL. */
  put(folder: string, manifest: object | string, entry: string | null = `/* ${folder} */`): string {
    fs.mkdirSync(path.join(this.dir, folder), { recursive: true });
    fs.writeFileSync(path.join(this.dir, folder, 'mf-manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
    if (entry !== null) fs.writeFileSync(path.join(this.dir, folder, 'remoteEntry.js'), entry);
    return `${this.origin}/${folder}/mf-manifest.json`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.served ? this.served.server.close(() => resolve()) : resolve()));
  }
}

/** The fake builds have manifests only, no server build to render: the health gate has tests of its own. */
export const passHealthGate = async (): Promise<void> => undefined;

export const DEPLOY_TOKENS = { catalog: `catalog:${'c'.repeat(32)}`, admin: `admin:${'a'.repeat(32)}` };

export interface TestGateway {
  app: App;
  root: string;
  dataDir: string;
  /** Cookie and CSRF headers of a signed-in user (an admin unless told otherwise). */
  session(opts?: { admin?: boolean; sub?: string; roles?: StaffRole[]; name?: string }): Record<string, string>;
}

/** An embedded gateway on a fake build with the catalog and admin deploy tokens (services' demo data off), logging to `logStream` if given. */
export async function startGateway(
  opts: { root?: string; dataDir?: string; env?: Record<string, string>; logStream?: { write(line: string): void }; healthGate?: 'real' } = {},
): Promise<TestGateway> {
  const root = opts.root ?? fakeBuild();
  const dataDir = opts.dataDir ?? tmp('gw-registry-data-');
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, CATALOG_SEED: 'false', REMOTE_DEPLOY_TOKEN: Object.values(DEPLOY_TOKENS).join(','), ...opts.env };
  const config = { ...loadConfig(env), logLevel: opts.logStream ? 'info' : 'silent' };
  const healthGate = opts.healthGate === 'real' ? undefined : passHealthGate;
  const app = await buildGateway({ mode: 'embedded', config, static: { root, remoteUrls: config.gateway.remoteUrls }, logStream: opts.logStream, healthGate });
  await app.ready();
  ensureKeys(dataDir);
  const sign = createAccessTokenSigner(loadKeys({ dataDir, withPrivate: true, given: {} }).privateKey as string);
  return {
    app,
    root,
    dataDir,
    session: ({ admin = true, sub = 'staff-1', roles = ['admin'] as StaffRole[], name = 'Sam Admin' } = {}) => ({
      cookie: `${ACCESS_COOKIE}=${sign({ sub, admin, sid: `sid-${sub}`, ...(admin ? { roles, staffName: name } : {}) })}`,
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
    }),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

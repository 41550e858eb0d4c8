import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The apps a static root holds: host-shell/dist and each mfe-<folder>/dist. */
export const BUILT_APPS = ['host-shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-admin'] as const;

/**
 * A static root (STATIC_ROOT) in a temporary folder whose apps are the repository's built ones, linked, less
 * `without` (as if that team's deployment were missing, or for the test to put its own there). Remove it after.
 */
export function linkedBuild(prefix: string, without: ReadonlyArray<(typeof BUILT_APPS)[number]> = []): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const app of BUILT_APPS.filter((a) => !without.includes(a))) {
    fs.mkdirSync(path.join(root, app));
    fs.symlinkSync(path.join(REPO_ROOT, app, 'dist'), path.join(root, app, 'dist'));
  }
  return root;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The deploy token every e2e gateway accepts for the catalog remote (REMOTE_DEPLOY_TOKEN, `<remote>:<secret>`), as
 * a team's pipeline would be given it: the registry journey deploys and rolls back through the CLI with it.
 */
export const E2E_DEPLOY_TOKEN = 'catalog:e2e-catalog-pipeline-secret-0001';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
  /** Stops the server as an outage would: its port goes dead, its data folder stays for `restart`. */
  halt(): Promise<void>;
  /** Starts it again on the same port with the same data folder (after `halt`). */
  restart(): Promise<void>;
}

interface ServerOptions {
  staticRoot?: string;
  env?: Record<string, string>;
}

/** Ends the process and resolves once it has exited (SIGKILL when it does not within 5 s). */
function ended(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Starts the compiled gateway exactly as the start command does, on a free port with its own data folder. */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharmacy-e2e-data-'));
  const url = `http://localhost:${port}`;
  let child = await spawnGateway(opts, port, dataDir, url);
  return {
    url,
    dataDir,
    halt: () => ended(child),
    restart: async () => {
      await ended(child);
      child = await spawnGateway(opts, port, dataDir, url);
    },
    stop: async () => {
      await ended(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The gateway process on `port` with `dataDir`, once it answers its health check. */
async function spawnGateway(opts: ServerOptions, port: number, dataDir: string, url: string): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'services/gateway/dist/server.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test-e2e',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: 'warn',
      STATIC_ROOT: opts.staticRoot ?? REPO_ROOT,
      // every journey's shopper signs up and in from 127.0.0.1; the limits themselves are covered by service tests
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      REMOTE_DEPLOY_TOKEN: E2E_DEPLOY_TOKEN,
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('gateway did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

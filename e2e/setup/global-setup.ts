import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, startServer } from './server';

/** Builds the app once (E2E_SKIP_BUILD=1 reuses an existing build) and starts the shared server. */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const res = spawnSync(process.execPath, [path.join(REPO_ROOT, 'tools/build.js')], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('the build for the browser tests failed');
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  (globalThis as { __E2E_SERVER__?: typeof server }).__E2E_SERVER__ = server;
}

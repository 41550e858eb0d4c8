import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { needChromium } from '../../tools/preflight';
import { CHROMIUM } from './browser';
import { REPO_ROOT, startServer } from './server';

/** Builds the app once (E2E_SKIP_BUILD=1 reuses an existing build) and starts the shared server. */
export default async function globalSetup(): Promise<void> {
  // Said before the build starts, rather than as a launch error in every journey minutes later.
  needChromium(CHROMIUM);
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const res = spawnSync(process.execPath, [path.join(REPO_ROOT, 'tools/build.js')], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('the build for the browser tests failed');
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  (globalThis as { __E2E_SERVER__?: typeof server }).__E2E_SERVER__ = server;
}

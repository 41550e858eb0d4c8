import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { E2E_DEPLOY_TOKEN, freePort, REPO_ROOT } from './server';

// What a remote team's pipeline does in the journeys: serve a copy of its built remote from its own origin
// (tools/serve-remote.js) and move it in the gateway's registry with the CLI (tools/remote.js) and its deploy token.

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `pnpm remote …` against `gatewayUrl` with the catalog team's token; prints the command and its output under `tag`. */
export function remoteCli(gatewayUrl: string, tag: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/remote.js'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, GATEWAY_URL: gatewayUrl, REMOTE_DEPLOY_TOKEN: E2E_DEPLOY_TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      console.log(`[${tag}] $ pnpm remote ${args.join(' ')}  (exit ${code})\n${stdout}${stderr}`);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Serves `dir` with tools/serve-remote.js on a free port for pages of `allowOrigin`; resolves once it serves the manifest. */
export async function serveRemote(dir: string, allowOrigin: string): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/serve-remote.js'), dir, String(port), '--allow-origin', allowOrigin], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve-remote exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/mf-manifest.json`).then((res) => res.ok, () => false);
    if (ok) return { child, origin };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve-remote did not serve ${origin}/mf-manifest.json within 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { execFile } from 'node:child_process';
import path from 'node:path';
import { run } from '../../../tools/remote';
import { DEPLOY_TOKENS, FakeRemoteOrigin, fakeManifest, startGateway, type TestGateway } from './remotes';

const CLI = path.resolve(__dirname, '../../../tools/remote.js');
let gw: TestGateway;
let gateway: string;
let cdn: FakeRemoteOrigin;

beforeAll(async () => {
  gw = await startGateway();
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = `http://127.0.0.1:${(gw.app.server.address() as { port: number }).port}`;
  cdn = await new FakeRemoteOrigin().start(gateway);
}, 60_000);
afterAll(async () => {
  await gw?.app.close();
  await cdn?.close();
});

/** Runs the CLI's commands in this process against the listening gateway; what it printed and its exit code. */
async function cli(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, env, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('pnpm remote', () => {
  it('list prints what is live and the history as a table', async () => {
    const { code, out } = await cli(['list', '--gateway', gateway, '--token', DEPLOY_TOKENS.catalog]);
    expect(code).toBe(0);
    expect(out).toMatch(/^remote\s+version\s+manifest\s+deployed at\s+by\n-+/);
    expect(out).toMatch(/\ncatalog\s+0\.1\.0\s+\/mfe\/catalog\/mf-manifest\.json\s+\S+\s+seed\n/);
    expect(out).toContain('History (newest first):');
  });

  it('deploy and rollback with the token from the environment (a comma list picks the remote own one)', async () => {
    const url = cdn.put('v2', fakeManifest('catalog', { buildVersion: '0.2.0' }));
    const env = { GATEWAY_URL: gateway, REMOTE_DEPLOY_TOKEN: `${DEPLOY_TOKENS.admin},${DEPLOY_TOKENS.catalog}` };
    const deployed = await cli(['deploy', 'catalog', url], env);
    expect(deployed).toMatchObject({ code: 0, err: '' });
    expect(deployed.out).toContain(`catalog is live from ${url}.`);
    expect(deployed.out).toMatch(new RegExp(`catalog\\s+0\\.2\\.0\\s+/mfe/catalog/mf-manifest\\.json\\s+${url.replace(/[.]/g, '\\.')}\\s+deploy-token:catalog`));
    expect((await gw.app.inject('/remotes.json')).json().catalog).toBe(url);

    const back = await cli(['rollback', 'catalog'], env);
    expect(back.code).toBe(0);
    expect(back.out).toContain('catalog is back on /mfe/catalog/mf-manifest.json.');
    expect((await gw.app.inject('/remotes.json')).json().catalog).toBe('/mfe/catalog/mf-manifest.json');
  });

  it('prints the server refusal as it is and exits 1; wrong usage exits 2', async () => {
    const url = cdn.put('new-session', fakeManifest('catalog', { shared: { '@pharmacy/session': '^0.4.0' } }));
    const refused = await cli(['deploy', 'catalog', url, `--gateway=${gateway}`, '--token', DEPLOY_TOKENS.catalog]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`Refused (422 BUSINESS_RULE): The catalog build at ${url} cannot go live: catalog needs @pharmacy/session ^0.4.0; the host provides 0.1.0.`);
    const scope = await cli(['rollback', 'admin', '--gateway', gateway, '--token', DEPLOY_TOKENS.catalog]);
    expect(scope).toMatchObject({ code: 1, err: 'Refused (403 FORBIDDEN): This deploy token may change only the catalog remote.' });
    const noToken = await cli(['list', '--gateway', gateway]);
    expect(noToken.code).toBe(1);
    expect(noToken.err).toContain('Refused (401 UNAUTHENTICATED)');
    expect((await cli(['deploy', 'catalog'])).code).toBe(2);
    expect((await cli(['promote', 'catalog'])).code).toBe(2);
  });

  it('as a process: the exit code and the message a pipeline sees', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [CLI, 'deploy', 'catalog', `${cdn.origin}/missing/mf-manifest.json`],
        { env: { PATH: process.env.PATH, GATEWAY_URL: gateway, REMOTE_DEPLOY_TOKEN: DEPLOY_TOKENS.catalog } },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The catalog build at ${cdn.origin}/missing/mf-manifest.json cannot go live: the manifest could not be fetched`);
  }, 30_000);
});

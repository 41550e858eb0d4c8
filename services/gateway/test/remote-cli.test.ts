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
    expect(out).toMatch(/^remote\s+version\s+manifest\s+deployed at\s+by\s+errors\/views 5 min\s+canary\s+canary errors\/views\n-+/);
    // nothing reported yet: no error in no view, and no canary
    expect(out).toMatch(/\ncatalog\s+0\.1\.0\s+\/mfe\/catalog\/mf-manifest\.json\s+\S+\s+seed\s+0\/0\s+-\s+-\n/);
    expect(out).toMatch(/History \(newest first\):\nat\s+remote\s+action\s+by\s+from\s+to\s+note\n-+/);
    expect(out).toContain('History (newest first):');
  });

  it('deploy and rollback with the token from the environment (a comma list picks the remote own one)', async () => {
    const url = cdn.put('v2', fakeManifest('catalog', { buildVersion: '0.2.0' }));
    const env = { GATEWAY_URL: gateway, REMOTE_DEPLOY_TOKEN: `${DEPLOY_TOKENS.admin},${DEPLOY_TOKENS.catalog}` };
    const deployed = await cli(['deploy', 'catalog', url], env);
    expect(deployed).toMatchObject({ code: 0, err: '' });
    expect(deployed.out).toContain(`catalog is live from ${url}.`);
    expect(deployed.out).toMatch(new RegExp(`catalog\\s+deploy\\s+0\\.2\\.0\\s+/mfe/catalog/mf-manifest\\.json\\s+${url.replace(/[.]/g, '\\.')}\\s+deploy-token:catalog`));
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
    expect((await cli(['promote'])).code).toBe(2);
    const noPercent = await cli(['canary', 'catalog', url, '--gateway', gateway]);
    expect([noPercent.code, noPercent.err.split('\n')[0]]).toEqual([2, 'canary needs --percent <1-99>']);
    expect((await cli(['canary', 'catalog', url, '--percent', '100', '--gateway', gateway])).err).toMatch(/^--percent must be a whole number from 1 to 99, got 100/);
    expect((await cli(['deploy', 'catalog', url, '--percent', '5', '--gateway', gateway])).code).toBe(2);
  });

  it('canary, list, promote and abort print what changed', async () => {
    const env = { GATEWAY_URL: gateway, REMOTE_DEPLOY_TOKEN: DEPLOY_TOKENS.catalog };
    const v3 = cdn.put('v3', fakeManifest('catalog', { buildVersion: '0.3.0' }));
    const started = await cli(['canary', 'catalog', v3, '--percent', '10'], env);
    expect(started).toMatchObject({ code: 0, err: '' });
    expect(started.out).toContain(`catalog from ${v3} is in front of 10 % of visitors; everyone else stays on /mfe/catalog/mf-manifest.json.`);
    expect(started.out).toMatch(/catalog\s+canary\s+0\.3\.0\s+\/mfe\/catalog\/mf-manifest\.json\s+\S+\s+deploy-token:catalog\s+\S+\s+10 % of visitors/);
    expect((await cli(['list'], env)).out).toMatch(new RegExp(`\\ncatalog\\s+0\\.1\\.0\\s+/mfe/catalog/mf-manifest\\.json\\s+\\S+\\s+\\S+\\s+0/0\\s+0\\.3\\.0 at 10 % from ${v3.replace(/[.]/g, '\\.')}\\s+0/0\\n`));

    const promoted = await cli(['promote', 'catalog'], env);
    expect(promoted.out).toContain(`catalog is live from ${v3} for everyone; /mfe/catalog/mf-manifest.json can be rolled back to.`);
    expect((await gw.app.inject('/remotes.json')).json().catalog).toBe(v3);

    const v4 = cdn.put('v4', fakeManifest('catalog', { buildVersion: '0.4.0' }));
    expect((await cli(['canary', 'catalog', v4, '--percent=25'], env)).code).toBe(0);
    const again = await cli(['canary', 'catalog', v4, '--percent', '50'], env);
    expect(again).toMatchObject({ code: 1, err: `Refused (409 CONFLICT): catalog already has a canary (${v4} for 25 % of visitors): promote or abort it first.` });
    const aborted = await cli(['abort', 'catalog', '--note', 'basket total wrong'], env);
    expect(aborted.out).toContain(`catalog's canary ${v4} is stopped; everyone is on ${v3}.`);
    expect(aborted.out).toMatch(/catalog\s+abort\s+.*basket total wrong/);
    expect((await cli(['list'], env)).out).toMatch(/History \(newest first\):\n.*\n.*\n\S+\s+catalog\s+abort\s+deploy-token:catalog\s+.*basket total wrong/);
    await cli(['rollback', 'catalog'], env);
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

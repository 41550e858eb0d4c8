/**
 * A bad configuration stops the gateway before anything opens: the person starting it reads which variable is
 * wrong and what it accepts, and the process exits 1 (the rules themselves are tested in service-kit).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@pharmacy/service-kit';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, startBanner } from '../src';

const REPO = path.resolve(__dirname, '..', '..', '..');

function startGateway(env: Record<string, string>): Promise<{ code: number | null; stderr: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-config-'));
  const child = spawn(process.execPath, ['--conditions=source', '-r', 'ts-node/register', path.join(REPO, 'services/gateway/src/server.ts')], {
    cwd: REPO,
    // Every value but the bad ones fits; the start must stop before it listens on PORT.
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '5999', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr, dataDir })));
}

afterAll(() => {
  for (const d of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('gw-config-'))) fs.rmSync(path.join(os.tmpdir(), d), { recursive: true, force: true });
});

test('a mistyped GATEWAY_MODE stops the start instead of running distributed mode', async () => {
  const { code, stderr, dataDir } = await startGateway({ GATEWAY_MODE: 'distribted' });
  expect(code).toBe(1);
  expect(stderr).toBe('Could not start the gateway: GATEWAY_MODE must be "embedded" or "distributed", got "distribted"\n');
  // Refused before anything opened: no keys, no store.
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

test('a port out of range and a bad upstream timeout are both named in one start', async () => {
  const { code, stderr } = await startGateway({ PORT: '70000', GATEWAY_UPSTREAM_TIMEOUT_MS: 'soon' });
  expect(code).toBe(1);
  expect(stderr).toMatch(/^Could not start the gateway: 2 settings are invalid: /);
  expect(stderr).toContain('PORT must be an integer from 1 to 65535, got "70000"');
  expect(stderr).toContain('GATEWAY_UPSTREAM_TIMEOUT_MS must be an integer of at least 100, got "soon"');
});

test('a currency left from an earlier version stops the start and points to MARKET, as does an unknown market', async () => {
  const retired = await startGateway({ CURRENCY: 'USD' });
  expect(retired.code).toBe(1);
  expect(retired.stderr).toBe('Could not start the gateway: CURRENCY is no longer read: MARKET sets the currency (GB or IE, default GB); remove CURRENCY\n');
  expect(fs.readdirSync(retired.dataDir)).toEqual([]);
  const unknown = await startGateway({ MARKET: 'US' });
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toBe('Could not start the gateway: MARKET must be "GB" or "IE", got "US"\n');
});

test('outside production, a HOST other machines reach without SMTP_URL stops the start, naming both settings', async () => {
  const { code, stderr, dataDir } = await startGateway({ NODE_ENV: 'development', HOST: '0.0.0.0' });
  expect(code).toBe(1);
  expect(stderr).toBe(
    'Could not start the gateway: HOST=0.0.0.0 lets other machines reach the shop, and with no SMTP_URL its mail (password reset links ' +
      'included) is kept for the dev mailbox. Set SMTP_URL to send mail through a mail server, or leave HOST unset to listen on 127.0.0.1 only\n',
  );
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

test('the start banner says where the shop is and, where mail is kept, where the dev mailbox is and for whom', () => {
  expect(startBanner(loadConfig({}), 'embedded')).toEqual([
    'Pharmacy & Care is running on http://localhost:5000 (embedded mode, listening on 127.0.0.1:5000)',
    'No SMTP_URL set: mail is kept and readable at http://localhost:5000/dev/mailbox, from this machine only',
  ]);
  expect(startBanner(loadConfig({ SMTP_URL: 'smtp://mail.test' }), 'distributed')).toEqual([
    'Pharmacy & Care is running on http://localhost:5000 (distributed mode, listening on 127.0.0.1:5000)',
  ]);
  expect(startBanner(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example.com' }), 'embedded')).toEqual([
    'Pharmacy & Care is running on https://shop.example.com (embedded mode, listening on 0.0.0.0:5000)',
  ]);
});

test("the README's configuration table shows the upstream timeout the gateway applies when unset", () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const row = readme.split('\n').find((l) => l.startsWith('| `GATEWAY_UPSTREAM_TIMEOUT_MS` |'));
  expect(row?.split(' | ')[1]).toBe(`\`${DEFAULT_UPSTREAM_TIMEOUT_MS}\``);
});

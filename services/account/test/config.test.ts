/**
 * The account service takes its limits from the validated configuration (RATE_LIMIT_*, LOGIN_FAILURES_PER_ACCOUNT,
 * RESET_MAILS_PER_ACCOUNT, ERASURE_RETRY_MS), and the README shows the defaults this service applies when unset.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, generateTestKeys, httpPeers, loadConfig } from '@pharmacy/service-kit';
import { DEFAULT_ATTEMPT_LIMITS, DEFAULT_RATE_LIMITS, openAccountService, type RateLimits } from '../src';
import { DEFAULT_ERASURE_RETRY_MS } from '../src/erasure/service';
import { send } from './helpers';

const REPO = path.resolve(__dirname, '..', '..', '..');

it('RATE_LIMIT_LOGIN=2 lets two sign-ins through from one address and answers the third 429', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-config-'));
  const keys = generateTestKeys();
  // production: no demo users to create, so the test is about the limit alone
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_LOGIN: '2' });
  const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
  const handle = await openAccountService({ config, log: app.log, internalToken: keys.internalToken, peers: httpPeers({ account: '', catalog: '', checkout: '' }), privateKey: keys.privateKey });
  await handle.register(app);
  app.addHook('onClose', () => handle.close());
  await app.ready();
  try {
    const attempt = () => send(app, 'POST', '/api/auth/login', { email: 'nobody@example.com', password: 'Wrong-password-1' });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

it("the README's configuration table shows the limits and timer this service applies when unset", () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const row = (name: string) => readme.split('\n').find((l) => l.startsWith(`| \`${name}\` |`))?.split(' | ')[1];
  const per = (window: string) => window.replace(/^1 /, '');
  const names: Record<keyof RateLimits, string> = {
    login: 'RATE_LIMIT_LOGIN',
    register: 'RATE_LIMIT_REGISTER',
    forgotPassword: 'RATE_LIMIT_FORGOT_PASSWORD',
    resetPassword: 'RATE_LIMIT_RESET_PASSWORD',
    passwordCheck: 'RATE_LIMIT_PASSWORD_CHECK',
    tickets: 'RATE_LIMIT_TICKETS',
  };
  for (const [key, name] of Object.entries(names) as Array<[keyof RateLimits, string]>) {
    const { max, timeWindow } = DEFAULT_RATE_LIMITS[key];
    expect([name, row(name)]).toEqual([name, `\`${max}\` per ${per(String(timeWindow))}`]);
  }
  expect(row('LOGIN_FAILURES_PER_ACCOUNT')).toBe(`\`${DEFAULT_ATTEMPT_LIMITS.loginFailures.max}\``);
  expect(row('LOGIN_FAILURES_PER_MINUTE')).toBe(`\`${DEFAULT_ATTEMPT_LIMITS.shopLoginFailures.max}\``);
  expect(row('RESET_MAILS_PER_ACCOUNT')).toBe(`\`${DEFAULT_ATTEMPT_LIMITS.resetMails.max}\``);
  expect(row('ERASURE_RETRY_MS')).toBe(`\`${DEFAULT_ERASURE_RETRY_MS}\``);
});

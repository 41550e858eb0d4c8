/**
 * No free orders: in production the checkout refuses to start without a real payment provider; the sandbox runs
 * there only when chosen by name, with a warning at every start, and the pages learn it from the server.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createApp, generateTestKeys, httpPeers, loadConfig, type ServiceContext } from '@pharmacy/service-kit';
import { openCheckout } from '../src/index';
import { choosePaymentProvider, PaymentConfigError } from '../src/payments';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'checkout-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A logger that keeps what the service said. */
function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const at = (level: string) => (obj: unknown, msg?: string) => lines.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? '') });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal'), level: 'info', silent: () => {} };
  return { lines, log: { ...log, child: () => log } as unknown as FastifyBaseLogger };
}

function context(env: NodeJS.ProcessEnv, log: FastifyBaseLogger): ServiceContext {
  return {
    config: loadConfig({ ...env, DATA_DIR: dir, PORT: '5000' }),
    log,
    internalToken: 'internal-token',
    peers: httpPeers({ account: 'http://127.0.0.1:1', catalog: 'http://127.0.0.1:1', checkout: 'http://127.0.0.1:1' }),
  };
}

describe('NODE_ENV=production', () => {
  test('without PayPal credentials the checkout refuses to start and names the variables to set; nothing is opened', async () => {
    const env = { NODE_ENV: 'production' };
    const { log } = recordingLog();
    const err = await openCheckout(context(env, log)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentConfigError);
    const message = (err as Error).message;
    expect(message).toMatch(/PAYPAL_CLIENT_ID/);
    expect(message).toMatch(/PAYPAL_CLIENT_SECRET/);
    expect(message).toMatch(/PAYMENT_PROVIDER=sandbox/);
    // Refused before the store opened: no data folder was created or locked.
    expect(await readdir(dir)).toEqual([]);
  });

  test('PAYMENT_PROVIDER=sandbox starts, warns at every start, and the public config says payments are tests', async () => {
    const env = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' };
    for (let start = 1; start <= 2; start++) {
      const { lines, log } = recordingLog();
      const handle = await openCheckout(context(env, log));
      const warnings = lines.filter((l) => l.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0].msg).toMatch(/PAYMENT_PROVIDER=sandbox in production: payments are simulated, no money is taken/);

      const keys = generateTestKeys();
      const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
      await handle.register(app);
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { provider: 'sandbox', testPayments: true } });
      await app.close();
      await handle.close();
    }
  });

  test('with PayPal credentials PayPal is used, without a warning, and payments are not tests', async () => {
    const env = { NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    const { lines, log } = recordingLog();
    const handle = await openCheckout(context(env, log));
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    const keys = generateTestKeys();
    const app = await createApp({ publicKey: keys.publicKey, logLevel: 'silent' });
    await handle.register(app);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/payments/config' })).json().data).toEqual({ provider: 'paypal', testPayments: false });
    await app.close();
    await handle.close();
  });
});

describe('choosing the provider', () => {
  const choose = (env: NodeJS.ProcessEnv, production = false) => choosePaymentProvider(loadConfig(env).checkout, { production });

  test('default: PayPal when both credentials are set, else the sandbox outside production', () => {
    expect(choose({})).toEqual({ name: 'sandbox' });
    expect(choose({ PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' })).toEqual({ name: 'paypal' });
    expect(choose({ PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' }, true)).toEqual({ name: 'paypal' });
    expect(() => choose({}, true)).toThrow(PaymentConfigError);
  });

  test('PAYMENT_PROVIDER chooses explicitly; a wrong value or missing credentials stop the start', () => {
    expect(choose({ PAYMENT_PROVIDER: 'sandbox', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' })).toEqual({ name: 'sandbox' });
    expect(choose({ PAYMENT_PROVIDER: 'sandbox' }, true)).toMatchObject({ name: 'sandbox', warning: expect.stringMatching(/no money is taken/) });
    expect(() => choose({ PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.');
    expect(() => choose({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER must be "sandbox" or "paypal", got "stripe"');
    expect(() => choose({ PAYPAL_CLIENT_ID: 'a' })).toThrow(/PAYPAL_CLIENT_SECRET is not set/);
    expect(() => choose({ PAYPAL_CLIENT_SECRET: 'b' }, true)).toThrow(/PAYPAL_CLIENT_ID is not set/);
  });

  test('an invalid TRUSTED_ORIGINS stops the start too', () => {
    const env = { TRUSTED_ORIGINS: 'shop.example' };
    const { log } = recordingLog();
    expect(() => context(env, log)).toThrow(/^TRUSTED_ORIGINS must be a comma-separated list of origins, .*, got "shop.example"$/);
  });
});

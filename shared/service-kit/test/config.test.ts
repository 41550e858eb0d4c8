/**
 * One validated configuration: every variable the services, the gateway and the tools read is in one schema, a
 * bad value stops the start with the variable's name and what it accepts, and the README documents each one with
 * the default the code applies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MARKETS } from '@pharmacy/contracts';
import { generateTestKeys } from '../src';
import { ConfigError, ENV_SCHEMA, RETIRED_VARIABLES, loadConfig, readEnv } from '../src/config';

const REPO = path.resolve(__dirname, '..', '..', '..');

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('a bad value stops the start, naming the variable and what it accepts', () => {
  it('GATEWAY_MODE: a typo no longer runs distributed mode', () => {
    const err = refusal({ GATEWAY_MODE: 'distribted' });
    expect(err.message).toBe('GATEWAY_MODE must be "embedded" or "distributed", got "distribted"');
    expect(err.problems.map((p) => p.variable)).toEqual(['GATEWAY_MODE']);
    expect(loadConfig({ GATEWAY_MODE: 'distributed' }).gateway.mode).toBe('distributed');
  });

  it.each(['0', '65536', '70000', 'http', '80.5', '-1'])('PORT=%s', (port) => {
    expect(refusal({ PORT: port }).message).toBe(`PORT must be an integer from 1 to 65535, got "${port}"`);
  });

  it.each([
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be "fatal", "error", "warn", "info", "debug", "trace" or "silent", got "verbose"'],
    [{ CATALOG_SEED: 'no' }, 'CATALOG_SEED must be "true" or "false", got "no"'],
    [{ PUBLIC_ORIGIN: 'https://shop.example.com/pharmacy' }, 'PUBLIC_ORIGIN must be an origin (scheme, host and optional port), e.g. https://shop.example.com, got "https://shop.example.com/pharmacy"'],
    [{ ACCOUNT_SERVICE_URL: 'account:4001' }, 'ACCOUNT_SERVICE_URL must be an http:// or https:// URL, got "account:4001"'],
    [{ MONGODB_URL: 'postgres://db/shop' }, 'MONGODB_URL must be a MongoDB connection string (mongodb:// or mongodb+srv://), got a value of 18 characters'],
    [{ MARKET: 'US' }, 'MARKET must be "GB" or "IE", got "US"'],
    [{ ERASURE_RETRY_MS: '500' }, 'ERASURE_RETRY_MS must be an integer of at least 1000, got "500"'],
    [{ GATEWAY_UPSTREAM_TIMEOUT_MS: '45s' }, 'GATEWAY_UPSTREAM_TIMEOUT_MS must be an integer of at least 100, got "45s"'],
    [{ RATE_LIMIT_LOGIN: '0' }, 'RATE_LIMIT_LOGIN must be an integer of at least 1, got "0"'],
    [{ PAYMENT_PROVIDER: 'stripe' }, 'PAYMENT_PROVIDER must be "sandbox" or "paypal", got "stripe"'],
    [{ JWT_PUBLIC_KEY: 'not a key' }, 'JWT_PUBLIC_KEY must be an Ed25519 public key in PEM, got "not a key"'],
    [{ REMOTE_URLS: "{catalog:'x'}" }, expect.stringMatching(/^REMOTE_URLS must be a JSON object from remote name to the URL of its mf-manifest.json/)],
    [{ REMOTE_URLS: '{"catlog":"https://cdn.example.com/mf-manifest.json"}' }, 'REMOTE_URLS names unknown remotes (catlog); the remotes are catalog, cartCheckout, account, admin'],
    [{ REMOTE_DEPLOY_TOKEN: `catlog:${'s'.repeat(24)}` }, 'REMOTE_DEPLOY_TOKEN names unknown remotes (catlog); the remotes are catalog, cartCheckout, account, admin'],
    // a name every object has is a name like any other, not a remote
    [{ REMOTE_DEPLOY_TOKEN: `constructor:${'s'.repeat(24)}` }, 'REMOTE_DEPLOY_TOKEN names unknown remotes (constructor); the remotes are catalog, cartCheckout, account, admin'],
    [{ REMOTE_URLS: '{"__proto__":"https://x.example/m.json","toString":"/m.json"}' }, 'REMOTE_URLS names unknown remotes (__proto__, toString); the remotes are catalog, cartCheckout, account, admin'],
    [{ REMOTE_ORIGINS: 'https://cdn.example.com/teams' }, expect.stringMatching(/^REMOTE_ORIGINS must be a comma-separated list of origins/)],
    [{ API_DOCS: 'yes' }, 'API_DOCS must be "true" or "false", got "yes"'],
  ])('%j', (env, message) => {
    expect(refusal(env).message).toEqual(message);
  });

  it('a setting the market now holds is refused, pointing to MARKET, with any other problem', () => {
    expect(refusal({ CURRENCY: 'USD' }).message).toBe('CURRENCY is no longer read: MARKET sets the currency (GB or IE, default GB); remove CURRENCY');
    const err = refusal({ TAX_RATE_PERCENT: '20', FREE_DELIVERY_OVER_CENTS: '3000', PORT: '0' });
    expect(err.problems.map((p) => p.variable)).toEqual(['TAX_RATE_PERCENT', 'FREE_DELIVERY_OVER_CENTS', 'PORT']);
    expect(err.message).toContain('TAX_RATE_PERCENT is no longer read: MARKET sets the tax rate');
    expect(Object.keys(RETIRED_VARIABLES).sort()).toEqual(['CURRENCY', 'EXPRESS_DELIVERY_FEE_CENTS', 'FREE_DELIVERY_OVER_CENTS', 'STANDARD_DELIVERY_FEE_CENTS', 'TAX_RATE_PERCENT']);
    // left empty, as an old .env file may have it: unset
    expect(loadConfig({ CURRENCY: '' }).market.code).toBe('GB');
  });

  it('a secret is never repeated in the message', () => {
    const err = refusal({ INTERNAL_TOKEN: 'short-secret' });
    expect(err.message).toBe('INTERNAL_TOKEN must be at least 16 characters, got a value of 12 characters');
    expect(refusal({ JWT_PRIVATE_KEY: 'hunter2-hunter2' }).message).not.toContain('hunter2');
    // a short deploy secret, and one remote named twice: refused without repeating either secret
    for (const value of ['catalog:hunter2-hunter2', `catalog:${'a'.repeat(24)},catalog:hunter2-hunter2-hunter2`]) {
      const deploy = refusal({ REMOTE_DEPLOY_TOKEN: value });
      expect(deploy.message).toMatch(/^REMOTE_DEPLOY_TOKEN must be a comma-separated list of <remote>:<secret> deploy tokens, each secret at least 24 characters/);
      expect(deploy.message).not.toContain('hunter2');
    }
  });

  it('every bad value is listed at once, so one start tells all that must change', () => {
    const err = refusal({ PORT: '70000', GATEWAY_MODE: 'distribted', LOG_LEVEL: 'loud' });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(['GATEWAY_MODE', 'LOG_LEVEL', 'PORT']);
    expect(err.message).toMatch(/^3 settings are invalid: /);
    expect(err.message).toContain('PORT must be an integer from 1 to 65535, got "70000"');
  });
});

describe('MARKET: the one setting of every market fact', () => {
  it('hands each process the chosen market: currency, tax, address and phone rules, delivery, registration', () => {
    const ie = loadConfig({ MARKET: 'IE' }).market;
    expect(ie).toMatchObject({ code: 'IE', currency: 'EUR', tax: { ratePercent: 23 }, regulation: { regulator: { abbreviation: 'PSI' } } });
    expect(loadConfig({ MARKET: 'GB' }).market).toMatchObject({ code: 'GB', currency: 'GBP', tax: { ratePercent: 20 } });
  });
});

describe('values', () => {
  it('are converted and handed to each part as its slice', () => {
    const keys = generateTestKeys();
    const config = loadConfig({
      PORT: '8080',
      CATALOG_SEED: 'false',
      RATE_LIMIT_LOGIN: '1000',
      LOGIN_FAILURES_PER_ACCOUNT: '4',
      ERASURE_RETRY_MS: '60000',
      TRUSTED_ORIGINS: ' https://a.example , https://b.example:8443/ ',
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      REMOTE_DEPLOY_TOKEN: ` catalog:${'c'.repeat(24)}, admin:${'a'.repeat(30)}`,
      GATEWAY_UPSTREAM_TIMEOUT_MS: '5000',
      REMOTE_URLS: '{"catalog":"http://localhost:3001/mf-manifest.json"}',
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      INTERNAL_TOKEN: keys.internalToken,
      CHECKOUT_SERVICE_URL: 'http://checkout.internal:4003',
      MARKET: 'IE',
      RATE_LIMIT_ORDER_CREATE: '500',
    });
    expect(config.port).toBe(8080);
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.catalog.seed).toBe(false);
    expect(config.account).toEqual({ rateLimits: { login: 1000 }, loginFailuresPerAccount: 4, erasureRetryMs: 60000 });
    expect(config.checkout).toEqual({
      paymentProvider: 'paypal',
      paypal: { clientId: 'id', clientSecret: 'secret' },
      trustedOrigins: ['https://a.example', 'https://b.example:8443'],
      rateLimits: { orderCreate: 500 },
    });
    // every process reads the same market definition, whole
    expect(config.market).toBe(MARKETS.IE);
    expect(config.gateway).toEqual({
      mode: 'embedded',
      upstreamTimeoutMs: 5000,
      remoteUrls: { catalog: 'http://localhost:3001/mf-manifest.json' },
      serverRendering: true,
      deployTokens: { catalog: 'c'.repeat(24), admin: 'a'.repeat(30) },
    });
    expect(config.jwtKeys).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey });
    expect(config.internalToken).toBe(keys.internalToken);
    expect(config.serviceUrls).toEqual({ checkout: 'http://checkout.internal:4003' });
  });

  it('writes are durable unless DATA_UNSAFE_NO_FSYNC is set, which production refuses', () => {
    expect(loadConfig({}).durableWrites).toBe(true);
    expect(loadConfig({ DATA_UNSAFE_NO_FSYNC: 'true' }).durableWrites).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_UNSAFE_NO_FSYNC: 'true' })).toThrow(/DATA_UNSAFE_NO_FSYNC .*refused in production/);
  });

  it('supply limits apply unless SUPPLY_LIMITS_BENCH_OFF is set (a benchmark baseline), which production refuses', () => {
    expect(loadConfig({}).supplyLimitsOff).toBe(false);
    expect(loadConfig({ SUPPLY_LIMITS_BENCH_OFF: 'true' }).supplyLimitsOff).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SUPPLY_LIMITS_BENCH_OFF: 'true' })).toThrow(/SUPPLY_LIMITS_BENCH_OFF .*refused in production/);
  });

  it('API_DOCS defaults to on outside production and off in it; REMOTE_ORIGINS is a list of origins', () => {
    expect([loadConfig({}).apiDocs, loadConfig({ NODE_ENV: 'test' }).apiDocs, loadConfig({ NODE_ENV: 'production' }).apiDocs]).toEqual([true, true, false]);
    expect([loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs, loadConfig({ API_DOCS: 'false' }).apiDocs]).toEqual([true, false]);
    expect(loadConfig({}).gateway.remoteOrigins).toBeUndefined();
    expect(loadConfig({ REMOTE_ORIGINS: 'https://cdn.example.com/, http://localhost:3001' }).gateway.remoteOrigins).toEqual(['https://cdn.example.com', 'http://localhost:3001']);
  });

  it('an empty value counts as unset', () => {
    const config = loadConfig({ PORT: '', GATEWAY_MODE: '', CATALOG_SEED: '', MONGODB_URL: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 5000, gateway: { mode: 'embedded' }, catalog: { seed: true }, mongoUrl: undefined, logLevel: 'info' });
  });

  it('what the browser tests and the first-load tool pass starts', () => {
    const env = { ...process.env, NODE_ENV: 'test-e2e', PORT: '41234', HOST: '127.0.0.1', DATA_DIR: '/tmp/x', PUBLIC_ORIGIN: 'http://localhost:41234', LOG_LEVEL: 'warn', STATIC_ROOT: REPO, RATE_LIMIT_REGISTER: '1000', RATE_LIMIT_LOGIN: '1000' };
    expect(loadConfig(env)).toMatchObject({ port: 41234, host: '127.0.0.1', production: false, logLevel: 'warn', gateway: { staticRoot: REPO } });
  });

  it('a tool reads only its own variables', () => {
    expect(readEnv({ BENCH_PRODUCTS: '500', PORT: 'not checked here' }, ['BENCH_PRODUCTS', 'BENCH_DURATION'])).toEqual({ BENCH_PRODUCTS: 500, BENCH_DURATION: 10 });
    expect(() => readEnv({ BENCH_DURATION: '0' }, ['BENCH_DURATION'])).toThrow('BENCH_DURATION must be an integer from 1 to 3600, got "0"');
  });
});

/** The README's configuration table: variable → default cell (a row may name several variables). */
function documented(): Map<string, string> {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const table = section.slice(0, section.indexOf('\n## ', 5));
  const rows = new Map<string, string>();
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const [names, defaults] = line.split(' | ');
    for (const name of names.match(/`[A-Z0-9_]+`/g) ?? []) {
      const variable = name.slice(1, -1);
      expect(rows.has(variable)).toBe(false); // one row per variable
      rows.set(variable, defaults);
    }
  }
  return rows;
}

describe('defaults are as documented', () => {
  it('the README table lists exactly the variables of the schema', () => {
    expect([...documented().keys()].sort()).toEqual(Object.keys(ENV_SCHEMA.properties).sort());
  });

  it('each default the schema applies is the one the README shows', () => {
    const rows = documented();
    for (const [name, schema] of Object.entries(ENV_SCHEMA.properties) as Array<[string, { default?: unknown }]>) {
      if (schema.default !== undefined) expect([name, rows.get(name)]).toEqual([name, expect.stringContaining(`\`${String(schema.default)}\``)]);
    }
  });

  it('an empty environment gives the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      production: false,
      dataDir: path.resolve('./data'),
      publicOrigin: 'http://localhost:5000',
      logLevel: 'info',
      revocationPollMs: 1000,
      gateway: { mode: 'embedded' },
      catalog: { seed: true },
      checkout: { trustedOrigins: [] },
    });
    expect(loadConfig({}).market).toBe(MARKETS.GB);
    expect(loadConfig({}, { port: 4002 }).publicOrigin).toBe('http://localhost:4002');
    // A production server is meant to be reached (behind a proxy, in a container); elsewhere only from this machine.
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(readEnv({}, ['CHROMIUM_PATH', 'BENCH_PRODUCTS', 'BENCH_DURATION'])).toEqual({ CHROMIUM_PATH: '/usr/bin/chromium', BENCH_PRODUCTS: 10000, BENCH_DURATION: 10 });
  });
});

/**
 * The measure of "read outside the schema": a named variable read from process.env or from an environment
 * object (`env.NAME`, `env['NAME']`, `process.env.NAME`) in the source of services, shared packages and tools,
 * tests aside. Passing the whole environment on (to the schema, or to a child process) is not a read.
 */
describe('no variable is read outside the schema', () => {
  const SOURCE_DIRS = ['services', 'shared'].flatMap((top) =>
    fs.readdirSync(path.join(REPO, top)).flatMap((pkg) => ['src', 'bench'].map((d) => path.join(REPO, top, pkg, d))),
  );
  const READ = /process\.env\s*(\.|\[)|\benv\s*(\.[A-Z][A-Z0-9_]*\b|\[)/;

  function files(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(p);
      return /\.(ts|tsx|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
    });
  }

  it('counts 0', () => {
    const schema = [path.join(REPO, 'shared/service-kit/src/config.ts'), path.join(REPO, 'shared/service-kit/src/config') + path.sep];
    const sources = [...SOURCE_DIRS.flatMap(files), ...files(path.join(REPO, 'tools')).filter((f) => path.dirname(f) === path.join(REPO, 'tools'))];
    expect(sources.length).toBeGreaterThan(100);
    const reads = sources
      .filter((f) => !schema.some((s) => f === s || f.startsWith(s)))
      .flatMap((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (READ.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${path.relative(REPO, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(reads).toEqual([]);
  });
});

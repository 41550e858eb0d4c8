import { createPrivateKey, createPublicKey } from 'node:crypto';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import envSchema from 'env-schema';
import type Ajv from 'ajv';
import { DEFAULT_MARKET_CODE, MARKET_CODES, PAYMENT_PROVIDERS } from '@pharmacy/contracts';
import { normalizeOrigin, parseOriginList } from '../origins';

/**
 * Every environment variable the services, the gateway and the tools read, in one schema. Nothing else reads
 * the environment: a process validates what it needs here once, at start, and hands each part its slice.
 * A value that does not fit stops the start with the variable's name and what it accepts; an empty value
 * counts as unset. Defaults owned by a service (its rate limits, its timers) stay in that service and are left
 * out here; the README's configuration table lists them all.
 */

/** A deploy token's secret is at least this long: it moves what every shopper's browser runs. */
export const DEPLOY_SECRET_MIN = 24;

/** Formats beyond JSON Schema's, each with the words a person reads when their value does not fit. */
const FORMATS: Record<string, { allowed: string; validate(value: string): boolean }> = {
  origin: {
    allowed: 'an origin (scheme, host and optional port), e.g. https://shop.example.com',
    validate: (v) => normalizeOrigin(v.replace(/\/$/, '')) !== null,
  },
  'origin-list': {
    allowed: 'a comma-separated list of origins, e.g. https://shop.example.com,https://www.shop.example.com',
    validate: (v) => {
      try {
        parseOriginList(v);
        return true;
      } catch {
        return false;
      }
    },
  },
  'http-url': { allowed: 'an http:// or https:// URL', validate: (v) => /^https?:$/.test(urlProtocol(v) ?? '') },
  'mongodb-url': {
    allowed: 'a MongoDB connection string (mongodb:// or mongodb+srv://)',
    validate: (v) => /^mongodb(\+srv)?:$/.test(urlProtocol(v) ?? ''),
  },
  'smtp-url': {
    allowed: 'an SMTP URL (smtp:// or smtps://), e.g. smtps://user:password@mail.example.com',
    validate: (v) => /^smtps?:$/.test(urlProtocol(v) ?? ''),
  },
  'ed25519-public-pem': { allowed: 'an Ed25519 public key in PEM', validate: (v) => keyType(() => createPublicKey(v)) === 'ed25519' },
  'ed25519-private-pem': { allowed: 'an Ed25519 private key in PEM', validate: (v) => keyType(() => createPrivateKey(v)) === 'ed25519' },
  'url-map': {
    allowed: 'a JSON object from remote name to the URL of its mf-manifest.json, e.g. {"catalog":"https://cdn.example.com/catalog/mf-manifest.json"}',
    validate: (v) => parseUrlMap(v) !== null,
  },
  'deploy-tokens': {
    allowed: `a comma-separated list of <remote>:<secret> deploy tokens, each secret at least ${DEPLOY_SECRET_MIN} characters, e.g. catalog:4f9c…,admin:b71e…`,
    validate: (v) => parseDeployTokens(v) !== null,
  },
};

function urlProtocol(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

function keyType(read: () => { asymmetricKeyType?: string }): string | undefined {
  try {
    return read().asymmetricKeyType;
  } catch {
    return undefined;
  }
}

/** REMOTE_URLS: name → absolute http(s) URL or a path on this origin; null when it is not that. */
export function parseUrlMap(value: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed as Record<string, unknown>);
  const fits = entries.every(([, url]) => typeof url === 'string' && (url.startsWith('/') || /^https?:$/.test(urlProtocol(url) ?? '')));
  return fits ? (parsed as Record<string, string>) : null;
}

/**
 * REMOTE_DEPLOY_TOKEN: `<remote>:<secret>` pairs, comma-separated. The whole pair is what a pipeline sends as its
 * bearer token, so a token names the one remote it may change. Null when it is not that (or names one twice).
 */
export function parseDeployTokens(value: string): Record<string, string> | null {
  // a Map: a remote named "constructor" is a name like any other, not Object's own property
  const tokens = new Map<string, string>();
  for (const part of value.split(',')) {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*):(\S+?)\s*$/.exec(part);
    if (!m || m[2].length < DEPLOY_SECRET_MIN || tokens.has(m[1])) return null;
    tokens.set(m[1], m[2]);
  }
  return Object.fromEntries(tokens);
}

/** Requests slower than this are logged at info level, where ordinary requests are not (SLOW_REQUEST_MS). */
export const DEFAULT_SLOW_REQUEST_MS = 500;

/** Every service learns of a revocation within this long (plus one round trip): well inside the 5 s promise. */
export const DEFAULT_REVOCATION_POLL_MS = 1000;

const text = (format: keyof typeof FORMATS, description: string) => Type.Optional(Type.String({ format, description }));
const integer = (minimum: number, maximum: number | undefined, description: string, defaultValue?: number) =>
  Type.Optional(Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), description, ...(defaultValue === undefined ? {} : { default: defaultValue }) }));
const oneOf = <T extends string>(values: readonly T[], description: string, defaultValue?: T) =>
  Type.Optional(Type.Union(values.map((v) => Type.Literal(v)), { description, ...(defaultValue === undefined ? {} : { default: defaultValue }) }));
const perWindow = (what: string) => integer(1, undefined, `${what} allowed per client address and time window (see the account service)`);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const GATEWAY_MODES = ['embedded', 'distributed'] as const;

/**
 * Settings the market now holds (docs/domain.md#market): a value left in an environment would otherwise be ignored
 * in silence, so the start is refused with where the value comes from now.
 */
export const RETIRED_VARIABLES: Readonly<Record<string, string>> = {
  CURRENCY: 'the currency',
  TAX_RATE_PERCENT: 'the tax rate',
  STANDARD_DELIVERY_FEE_CENTS: 'the standard delivery fee',
  EXPRESS_DELIVERY_FEE_CENTS: 'the express delivery fee',
  FREE_DELIVERY_OVER_CENTS: 'the free-delivery threshold',
};

export const ENV_SCHEMA = Type.Object(
  {
    // Every process
    NODE_ENV: Type.Optional(Type.String({ minLength: 1, default: 'development', description: '"production" turns on the production rules' })),
    PORT: integer(1, 65535, 'port to listen on (the gateway 5000, account 4001, catalog 4002, checkout 4003)'),
    HOST: Type.Optional(Type.String({ minLength: 1, description: 'address to listen on (default 127.0.0.1, in production 0.0.0.0)' })),
    DATA_DIR: Type.Optional(Type.String({ minLength: 1, default: './data', description: 'embedded store, media and keys' })),
    DATA_UNSAFE_NO_FSYNC: Type.Optional(
      Type.Boolean({ description: 'UNSAFE, refused in production: the embedded store answers writes before they are on disk (only to measure what durability costs)' }),
    ),
    SUPPLY_LIMITS_BENCH_OFF: Type.Optional(
      Type.Boolean({ description: 'benchmark baseline only, refused in production: checkout applies no supply limits (pnpm bench:recall)' }),
    ),
    MONGODB_URL: text('mongodb-url', 'use MongoDB instead of the embedded store'),
    SMTP_URL: text('smtp-url', 'send mail through SMTP instead of the outbox'),
    PUBLIC_ORIGIN: text('origin', 'the origin browsers use (default http://localhost:$PORT)'),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'log level (default info, silent under NODE_ENV=test)'),
    JWT_PUBLIC_KEY: text('ed25519-public-pem', 'token verification key (default DATA_DIR/keys)'),
    JWT_PRIVATE_KEY: text('ed25519-private-pem', 'token signing key, account service only (default DATA_DIR/keys)'),
    INTERNAL_TOKEN: Type.Optional(Type.String({ minLength: 16, description: 'shared secret of service-to-service calls (default DATA_DIR/keys)' })),
    ACCOUNT_SERVICE_URL: text('http-url', 'where the account service is reached'),
    CATALOG_SERVICE_URL: text('http-url', 'where the catalog service is reached'),
    CHECKOUT_SERVICE_URL: text('http-url', 'where the checkout service is reached'),
    REVOCATION_POLL_MS: integer(100, 4000, 'how often revoked sessions are read from the account service', DEFAULT_REVOCATION_POLL_MS),
    SLOW_REQUEST_MS: integer(1, 600_000, 'a request answered after this many milliseconds is logged (at info and above)', DEFAULT_SLOW_REQUEST_MS),
    API_DOCS: Type.Optional(Type.Boolean({ description: 'serve the OpenAPI document and its UI at /api/docs (default on, off in production)' })),
    MARKET: oneOf(MARKET_CODES, 'the market the shop sells in: currency, tax, addresses, phones, delivery, pharmacies, registration', DEFAULT_MARKET_CODE),
    // Gateway
    GATEWAY_MODE: oneOf(GATEWAY_MODES, 'run the services in the gateway, or proxy to them', 'embedded'),
    GATEWAY_UPSTREAM_TIMEOUT_MS: integer(100, undefined, 'distributed mode: how long a service may take to answer'),
    STATIC_ROOT: Type.Optional(Type.String({ minLength: 1, description: 'folder holding host-shell/dist and mfe-*/dist' })),
    REMOTE_URLS: text('url-map', 'remote name to mf-manifest.json URL, for a remote deployed elsewhere'),
    REMOTE_ORIGINS: text(
      'origin-list',
      'origins the remote registry may fetch a manifest from (default loopback origins, none in production; REMOTE_URLS\' and the shop\'s own are always allowed)',
    ),
    SERVER_RENDERING: Type.Optional(
      Type.Boolean({ default: true, description: 'render pages on the server from the apps\' server builds (false: index.html, rendered in the browser)' }),
    ),
    REMOTE_DEPLOY_TOKEN: text('deploy-tokens', 'deploy tokens of the remote registry, one per remote (<remote>:<secret>, comma-separated)'),
    // Account service
    RATE_LIMIT_LOGIN: perWindow('sign-ins'),
    RATE_LIMIT_REGISTER: perWindow('sign-ups'),
    RATE_LIMIT_FORGOT_PASSWORD: perWindow('reset-link requests'),
    RATE_LIMIT_RESET_PASSWORD: perWindow('password resets'),
    RATE_LIMIT_PASSWORD_CHECK: perWindow('current-password checks'),
    RATE_LIMIT_TICKETS: perWindow('need-help and idea tickets'),
    LOGIN_FAILURES_PER_ACCOUNT: integer(1, undefined, 'wrong passwords per account from unknown devices, and per known device, in 15 minutes'),
    LOGIN_FAILURES_PER_MINUTE: integer(1, undefined, 'failed sign-ins from unknown devices a minute, across the shop, above which they need the proof-of-work check'),
    RESET_MAILS_PER_ACCOUNT: integer(1, undefined, 'reset mails per email address per hour'),
    ERASURE_RETRY_MS: integer(1000, undefined, 'how often an unconfirmed account erasure is retried'),
    // Catalog service
    CATALOG_SEED: Type.Optional(Type.Boolean({ default: true, description: 'seed the demo catalog into an empty store' })),
    // Checkout service
    PAYMENT_PROVIDER: oneOf(PAYMENT_PROVIDERS, 'who takes the payments'),
    PAYPAL_CLIENT_ID: Type.Optional(Type.String({ description: 'PayPal REST app client id' })),
    PAYPAL_CLIENT_SECRET: Type.Optional(Type.String({ description: 'PayPal REST app secret' })),
    PAYPAL_API_BASE: text('http-url', 'PayPal API base URL (default the PayPal sandbox)'),
    TRUSTED_ORIGINS: text('origin-list', 'more origins the shop is reached at'),
    RATE_LIMIT_CART: integer(1, undefined, 'cart changes allowed per signed-in user a minute (default 120)'),
    RATE_LIMIT_ORDER_CREATE: integer(1, undefined, 'orders placed per signed-in user a minute (default 20)'),
    RATE_LIMIT_ORDER_CAPTURE: integer(1, undefined, 'payment captures and order cancels per signed-in user a minute (default 30)'),
    // Tools (benchmarks, browser tools, the deploy CLI)
    GATEWAY_URL: text('http-url', 'pnpm remote: the gateway whose remote registry it changes'),
    CHROMIUM_PATH: Type.Optional(Type.String({ minLength: 1, default: '/usr/bin/chromium', description: 'Chromium for the browser tests and pnpm bench:first-load' })),
    BENCH_PRODUCTS: integer(1, 1_000_000, 'products generated by pnpm bench:catalog', 10_000),
    BENCH_DURATION: integer(1, 3600, 'seconds of load per target in pnpm bench:catalog', 10),
  },
  { additionalProperties: false },
);

export type EnvValues = Static<typeof ENV_SCHEMA>;
export type EnvName = keyof EnvValues & string;
export type Environment = Readonly<Record<string, string | undefined>>;

/** Values never repeated in a message (logs and terminals are read by more people than the secret's owner). */
const SECRETS: ReadonlySet<EnvName> = new Set<EnvName>(['INTERNAL_TOKEN', 'JWT_PRIVATE_KEY', 'PAYPAL_CLIENT_SECRET', 'SMTP_URL', 'MONGODB_URL', 'REMOTE_DEPLOY_TOKEN']);

export interface ConfigProblem {
  variable: string;
  message: string;
}

/** The environment cannot run this process; the message names each variable and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(problems.length === 1 ? problems[0].message : `${problems.length} settings are invalid: ${problems.map((p) => p.message).join('; ')}`);
    this.name = 'ConfigError';
  }
}

function quoted(values: readonly unknown[]): string {
  const q = values.map((v) => `"${String(v)}"`);
  return q.length === 1 ? q[0] : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

/** What a variable accepts, in words, read off its schema. */
export function allowedValues(schema: TSchema): string {
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format].allowed;
  if (Array.isArray(schema.anyOf)) return quoted(schema.anyOf.map((s: TSchema) => s.const));
  if (schema.type === 'boolean') return quoted(['true', 'false']);
  if (schema.type === 'integer') {
    if (schema.maximum !== undefined) return `an integer from ${schema.minimum} to ${schema.maximum}`;
    return `an integer of at least ${schema.minimum}`;
  }
  if (schema.type === 'string' && schema.minLength > 1) return `at least ${schema.minLength} characters`;
  return 'a text';
}

/** The retired settings an environment still sets, each with the message that points to MARKET. */
export function retiredProblems(env: Environment): ConfigProblem[] {
  return Object.entries(RETIRED_VARIABLES)
    .filter(([name]) => env[name] !== undefined && env[name] !== '')
    .map(([name, what]) => ({ variable: name, message: `${name} is no longer read: MARKET sets ${what} (${MARKET_CODES.join(' or ')}, default ${DEFAULT_MARKET_CODE}); remove ${name}` }));
}

export function problemFor(name: string, value: string | undefined, schema: TSchema): ConfigProblem {
  const got = value === undefined ? 'it is not set' : SECRETS.has(name as EnvName) ? `got a value of ${value.length} characters` : `got "${value}"`;
  return { variable: name, message: `${name} must be ${allowedValues(schema)}, ${got}` };
}

let ajv: Ajv | undefined;
const pickCache = new Map<string, TObject>();

function schemaFor(names: readonly EnvName[] | undefined): TObject {
  if (!names) return ENV_SCHEMA;
  const key = names.join(',');
  let schema = pickCache.get(key);
  if (!schema) {
    schema = Type.Object(Object.fromEntries(names.map((n) => [n, ENV_SCHEMA.properties[n]])), { additionalProperties: false });
    pickCache.set(key, schema);
  }
  return schema;
}

/**
 * Validates the environment (or the named variables of it) with env-schema: integers and booleans are converted,
 * defaults filled in, anything else dropped. Throws a ConfigError listing every variable that does not fit.
 */
export function readEnv<K extends EnvName = EnvName>(env: Environment, names?: readonly K[]): Pick<EnvValues, K> {
  const schema = schemaFor(names);
  const data: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') data[name] = value;
  }
  try {
    return envSchema<Pick<EnvValues, K>>({
      schema,
      data,
      env: false,
      ajv: {
        customOptions: (fresh) => {
          if (!ajv) {
            for (const [name, f] of Object.entries(FORMATS)) fresh.addFormat(name, { type: 'string', validate: f.validate });
            ajv = fresh;
          }
          return ajv;
        },
      },
    });
  } catch (err) {
    const errors = (err as { errors?: Array<{ instancePath: string; params: { missingProperty?: string } }> }).errors;
    if (!errors) throw err;
    const names = [...new Set(errors.map((e) => e.instancePath.split('/')[1] || e.params.missingProperty || ''))].filter(Boolean);
    throw new ConfigError(names.map((n) => problemFor(n, env[n], schema.properties[n])));
  }
}

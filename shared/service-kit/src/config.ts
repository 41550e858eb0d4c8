import path from 'node:path';
import { REMOTES, marketFor, type Market, type MarketCode, type PaymentProviderName } from '@pharmacy/contracts';
import { parseOriginList } from './origins';
import { ConfigError, parseDeployTokens, parseUrlMap, readEnv, retiredProblems, type EnvName, type Environment } from './config/variables';

export {
  ConfigError,
  ENV_SCHEMA,
  DEFAULT_REVOCATION_POLL_MS,
  GATEWAY_MODES,
  LOG_LEVELS,
  RETIRED_VARIABLES,
  allowedValues,
  readEnv,
  type ConfigProblem,
  type EnvName,
  type EnvValues,
  type Environment,
} from './config/variables';

export type ServiceName = 'account' | 'catalog' | 'checkout';
export type GatewayMode = 'embedded' | 'distributed';

/** RATE_LIMIT_<NAME>: requests per client address in each account limit's window, when set. */
export interface AccountRateLimitOverrides {
  login?: number;
  register?: number;
  forgotPassword?: number;
  resetPassword?: number;
  passwordCheck?: number;
  tickets?: number;
}

/**
 * Process configuration, validated once from the environment (every service and the gateway share these names).
 * Each service reads its own slice; a value left unset here means the service's own default.
 */
export interface KitConfig {
  port: number;
  host: string;
  nodeEnv: string;
  production: boolean;
  dataDir: string;
  /**
   * False only under DATA_UNSAFE_NO_FSYNC (refused in production): the embedded store then answers writes before
   * they reach the disk (docs/operations.md#data-on-disk).
   */
  durableWrites: boolean;
  /** True only under SUPPLY_LIMITS_BENCH_OFF (refused in production): bench:recall's baseline without supply limits. */
  supplyLimitsOff: boolean;
  mongoUrl?: string;
  smtpUrl?: string;
  /** The public origin browsers use (CSRF Origin check, links in mail). */
  publicOrigin: string;
  logLevel: string;
  /** Requests slower than this (ms) are logged even at info level, where others are not (SLOW_REQUEST_MS, default 500). */
  slowRequestMs: number;
  /** Serve the OpenAPI document and its UI at /api/docs (API_DOCS; default on outside production, off in it). */
  apiDocs: boolean;
  /** How often catalog and checkout ask the account service for revoked sessions (REVOCATION_POLL_MS). */
  revocationPollMs: number;
  /**
   * The market the shop sells in (MARKET): currency, tax, address and phone rules, delivery fees and area, pharmacies
   * and registration details, read by every service and the gateway (docs/domain.md#market).
   */
  market: Market;
  /** INTERNAL_TOKEN; unset, the secret kept in DATA_DIR/keys. */
  internalToken?: string;
  /** JWT_PUBLIC_KEY / JWT_PRIVATE_KEY (PEM); unset, the pair kept in DATA_DIR/keys. */
  jwtKeys: { publicKey?: string; privateKey?: string };
  /** *_SERVICE_URL; unset, a service alone calls itself and the distributed gateway ports 4001-4003. */
  serviceUrls: Partial<Record<ServiceName, string>>;
  account: {
    rateLimits: AccountRateLimitOverrides;
    loginFailuresPerAccount?: number;
    /** LOGIN_FAILURES_PER_MINUTE: failed sign-ins from unknown devices a minute above which the challenge turns on. */
    loginFailuresPerMinute?: number;
    resetMailsPerAccount?: number;
    erasureRetryMs?: number;
  };
  catalog: {
    /** Seed the demo catalog into an empty store (CATALOG_SEED, default true). */
    seed: boolean;
  };
  checkout: {
    paymentProvider?: PaymentProviderName;
    paypal: { clientId?: string; clientSecret?: string; apiBase?: string };
    /** More origins a shopper may be sent back to after paying (normalised). */
    trustedOrigins: string[];
    /** RATE_LIMIT_CART / _ORDER_CREATE / _ORDER_CAPTURE: requests per signed-in user a minute, when set (load runs). */
    rateLimits: { cart?: number; orderCreate?: number; orderCapture?: number };
  };
  gateway: {
    mode: GatewayMode;
    upstreamTimeoutMs?: number;
    staticRoot?: string;
    remoteUrls?: Record<string, string>;
    /** REMOTE_ORIGINS (normalised): where the registry may fetch manifests from; unset, the default of remotes/origins.ts. */
    remoteOrigins?: string[];
    /** SERVER_RENDERING: pages rendered by the gateway from the apps' server builds (default true). */
    serverRendering: boolean;
    /** REMOTE_DEPLOY_TOKEN: remote name → the secret of the token that may change it (empty: admins only). */
    deployTokens: Record<string, string>;
  };
}

/** Every variable a service or the gateway reads (the tools' own are left to the tools). */
const PROCESS_VARIABLES = [
  'NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'DATA_UNSAFE_NO_FSYNC', 'SUPPLY_LIMITS_BENCH_OFF', 'MONGODB_URL', 'SMTP_URL', 'PUBLIC_ORIGIN', 'LOG_LEVEL', 'JWT_PUBLIC_KEY', 'JWT_PRIVATE_KEY',
  'INTERNAL_TOKEN', 'ACCOUNT_SERVICE_URL', 'CATALOG_SERVICE_URL', 'CHECKOUT_SERVICE_URL', 'REVOCATION_POLL_MS', 'SLOW_REQUEST_MS', 'API_DOCS',
  'MARKET', 'GATEWAY_MODE', 'GATEWAY_UPSTREAM_TIMEOUT_MS', 'STATIC_ROOT', 'REMOTE_URLS', 'REMOTE_ORIGINS', 'REMOTE_DEPLOY_TOKEN', 'SERVER_RENDERING',
  'RATE_LIMIT_LOGIN', 'RATE_LIMIT_REGISTER', 'RATE_LIMIT_FORGOT_PASSWORD', 'RATE_LIMIT_RESET_PASSWORD', 'RATE_LIMIT_PASSWORD_CHECK',
  'RATE_LIMIT_TICKETS', 'LOGIN_FAILURES_PER_ACCOUNT', 'LOGIN_FAILURES_PER_MINUTE', 'RESET_MAILS_PER_ACCOUNT', 'ERASURE_RETRY_MS',
  'CATALOG_SEED',
  'PAYMENT_PROVIDER', 'RATE_LIMIT_CART', 'RATE_LIMIT_ORDER_CREATE', 'RATE_LIMIT_ORDER_CAPTURE', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE', 'TRUSTED_ORIGINS',
] as const satisfies readonly EnvName[];

/**
 * Remote names the host knows: a misspelt one in REMOTE_URLS would silently keep the local build, and in
 * REMOTE_DEPLOY_TOKEN leave a pipeline with a token that changes nothing.
 */
function checkRemoteNames(variable: EnvName, map: Record<string, string> | null | undefined): Record<string, string> | undefined {
  if (!map) return undefined;
  const unknown = Object.keys(map).filter((name) => !Object.hasOwn(REMOTES, name));
  if (unknown.length) {
    throw new ConfigError([
      { variable, message: `${variable} names unknown remotes (${unknown.join(', ')}); the remotes are ${Object.keys(REMOTES).join(', ')}` },
    ]);
  }
  return map;
}

/**
 * Reads and validates the configuration of a service or the gateway. `defaults.port` is the process's own port
 * (the gateway 5000, each service its 400x). Throws a ConfigError naming every variable that does not fit.
 */
export function loadConfig(env: Environment = process.env, defaults: { port?: number } = {}): KitConfig {
  const retired = retiredProblems(env);
  let v: ReturnType<typeof readEnv<(typeof PROCESS_VARIABLES)[number]>>;
  try {
    v = readEnv(env, PROCESS_VARIABLES);
  } catch (err) {
    throw err instanceof ConfigError && retired.length ? new ConfigError([...retired, ...err.problems]) : err;
  }
  if (retired.length) throw new ConfigError(retired);
  const port = v.PORT ?? defaults.port ?? 5000;
  const nodeEnv = v.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  if (production && v.DATA_UNSAFE_NO_FSYNC) {
    throw new ConfigError([{ variable: 'DATA_UNSAFE_NO_FSYNC', message: 'DATA_UNSAFE_NO_FSYNC would let a power cut lose paid orders: it is refused in production' }]);
  }
  if (production && v.SUPPLY_LIMITS_BENCH_OFF) {
    throw new ConfigError([{ variable: 'SUPPLY_LIMITS_BENCH_OFF', message: 'SUPPLY_LIMITS_BENCH_OFF would sell past the legal supply limits: it is refused in production' }]);
  }
  return {
    port,
    // Outside production only this machine can reach the shop unless HOST says otherwise: a development install
    // holds demo accounts and the dev mailbox (docs/operations.md#dev-mailbox). In production the shop is meant to be
    // reached, most often from a proxy or a container's network.
    host: v.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    nodeEnv,
    production,
    dataDir: path.resolve(v.DATA_DIR ?? './data'),
    durableWrites: v.DATA_UNSAFE_NO_FSYNC !== true,
    supplyLimitsOff: v.SUPPLY_LIMITS_BENCH_OFF === true,
    mongoUrl: v.MONGODB_URL,
    smtpUrl: v.SMTP_URL,
    publicOrigin: (v.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: v.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    slowRequestMs: v.SLOW_REQUEST_MS as number,
    apiDocs: v.API_DOCS ?? nodeEnv !== 'production',
    revocationPollMs: v.REVOCATION_POLL_MS as number,
    market: marketFor(v.MARKET as MarketCode),
    internalToken: v.INTERNAL_TOKEN,
    jwtKeys: { publicKey: v.JWT_PUBLIC_KEY, privateKey: v.JWT_PRIVATE_KEY },
    serviceUrls: { account: v.ACCOUNT_SERVICE_URL, catalog: v.CATALOG_SERVICE_URL, checkout: v.CHECKOUT_SERVICE_URL },
    account: {
      rateLimits: {
        login: v.RATE_LIMIT_LOGIN,
        register: v.RATE_LIMIT_REGISTER,
        forgotPassword: v.RATE_LIMIT_FORGOT_PASSWORD,
        resetPassword: v.RATE_LIMIT_RESET_PASSWORD,
        passwordCheck: v.RATE_LIMIT_PASSWORD_CHECK,
        tickets: v.RATE_LIMIT_TICKETS,
      },
      loginFailuresPerAccount: v.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerMinute: v.LOGIN_FAILURES_PER_MINUTE,
      resetMailsPerAccount: v.RESET_MAILS_PER_ACCOUNT,
      erasureRetryMs: v.ERASURE_RETRY_MS,
    },
    catalog: { seed: v.CATALOG_SEED as boolean },
    checkout: {
      paymentProvider: v.PAYMENT_PROVIDER,
      paypal: { clientId: v.PAYPAL_CLIENT_ID, clientSecret: v.PAYPAL_CLIENT_SECRET, apiBase: v.PAYPAL_API_BASE },
      trustedOrigins: parseOriginList(v.TRUSTED_ORIGINS),
      rateLimits: { cart: v.RATE_LIMIT_CART, orderCreate: v.RATE_LIMIT_ORDER_CREATE, orderCapture: v.RATE_LIMIT_ORDER_CAPTURE },
    },
    gateway: {
      mode: v.GATEWAY_MODE as GatewayMode,
      upstreamTimeoutMs: v.GATEWAY_UPSTREAM_TIMEOUT_MS,
      staticRoot: v.STATIC_ROOT === undefined ? undefined : path.resolve(v.STATIC_ROOT),
      remoteUrls: checkRemoteNames('REMOTE_URLS', v.REMOTE_URLS === undefined ? undefined : parseUrlMap(v.REMOTE_URLS) ?? {}),
      remoteOrigins: v.REMOTE_ORIGINS === undefined ? undefined : parseOriginList(v.REMOTE_ORIGINS, 'REMOTE_ORIGINS'),
      serverRendering: v.SERVER_RENDERING !== false,
      deployTokens: checkRemoteNames('REMOTE_DEPLOY_TOKEN', v.REMOTE_DEPLOY_TOKEN === undefined ? undefined : parseDeployTokens(v.REMOTE_DEPLOY_TOKEN)) ?? {},
    },
  };
}

import path from 'node:path';
import { DEFAULT_REVOCATION_POLL_MS } from './revocation';

/** Process configuration read once from the environment (every service and the gateway share these names). */
export interface KitConfig {
  port: number;
  host: string;
  nodeEnv: string;
  production: boolean;
  dataDir: string;
  mongoUrl?: string;
  smtpUrl?: string;
  /** The public origin browsers use (CSRF Origin check, links in mail). */
  publicOrigin: string;
  logLevel: string;
  /** How often catalog and checkout ask the account service for revoked sessions (REVOCATION_POLL_MS). */
  revocationPollMs: number;
}

/** At most 4 s, so a revoked session is refused everywhere within 5 s whatever the setting. */
function pollInterval(value: string | undefined): number {
  const ms = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(ms) || ms < 100) return DEFAULT_REVOCATION_POLL_MS;
  return Math.min(ms, 4000);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: { port?: number } = {}): KitConfig {
  const port = Number(env.PORT ?? defaults.port ?? 5000);
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    production: nodeEnv === 'production',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    mongoUrl: env.MONGODB_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    revocationPollMs: pollInterval(env.REVOCATION_POLL_MS),
  };
}

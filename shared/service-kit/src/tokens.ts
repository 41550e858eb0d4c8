import { createSigner } from 'fast-jwt';
import type { AccessClaims } from './plugins/auth';
import { TOKEN_ALGORITHM } from './plugins/auth';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A session lasts this long without a sign-in; the gateway trusts an expired access token no older than this while the account service is down. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long a revocation is kept: until every access token issued before it has expired, plus clock skew. */
export const REVOCATION_KEEP_MS = ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000;

/**
 * Signs access tokens with the Ed25519 private key. Only the account service holds that key in production;
 * other services' tests use it with a test key pair to act as a signed-in user.
 */
export function createAccessTokenSigner(privateKey: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  const sign = createSigner({ key: privateKey, algorithm: TOKEN_ALGORITHM, expiresIn: ttlSeconds * 1000 });
  return (claims: AccessClaims): string => sign({ ...claims });
}

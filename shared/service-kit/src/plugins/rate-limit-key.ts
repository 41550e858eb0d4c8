import type { FastifyRequest } from 'fastify';
import { ACCESS_COOKIE } from '@pharmacy/contracts';
import type { AccessClaims } from './auth';

/**
 * Whom a rate limit counts: the signed-in user when the request carries a valid access token, else the
 * client address. Shoppers behind one NAT or office proxy share an address, and counting them together
 * turned ordinary use into 429s; a verified token cannot be forged, so counting per user is safe, and an
 * attacker without an account still counts per address.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const token = request.cookies?.[ACCESS_COOKIE];
  if (token) {
    try {
      const claims = request.server.jwt.verify<AccessClaims>(token);
      if (claims?.sub) return `user:${claims.sub}`;
    } catch {
      // expired or forged: counted by address like any visitor
    }
  }
  return `ip:${request.ip}`;
}

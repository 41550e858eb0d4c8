import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_DETAILS_UNAVAILABLE, type DegradedCheckAuthResponse, type SessionIdentity } from '@pharmacy/contracts';
import { failure, ok, REFRESH_TTL_SECONDS, unauthorized, type AccessClaims, type HttpError } from '@pharmacy/service-kit';

const refuse = (reply: FastifyReply, error: HttpError) =>
  reply.status(error.statusCode).header('cache-control', 'no-store').send(failure(error.code, error.message));

/**
 * GET /api/auth/check-auth while the account service cannot be reached: the gateway verifies the access token
 * with the public key, as every service does, and answers with who it says the user is, flagged `degraded`.
 *
 * An expired token is accepted here as long as its session could still be alive (issued within the refresh
 * session's lifetime: every refresh issues a new token). The browser cannot refresh while the account service
 * is down, and treating the shopper as signed out would show an empty cart and send them to a sign-in that
 * cannot work. This answer grants nothing: every service still refuses an expired or revoked token, so the
 * shopper's pages that need their data say the service is unavailable until it is back.
 */
export async function checkAuthFromToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let claims: AccessClaims;
  try {
    claims = await request.jwtVerify<AccessClaims>({ onlyCookie: true, ignoreExpiration: true, maxAge: REFRESH_TTL_SECONDS });
  } catch {
    refuse(reply, unauthorized());
    return;
  }
  // Revocations this process learnt of before the account service went down still count.
  if (request.server.revocations?.isRevoked(claims)) {
    refuse(reply, unauthorized('You have been signed out. Please sign in again.'));
    return;
  }
  const user: SessionIdentity = {
    _id: claims.sub,
    admin: claims.admin === true,
    ...(typeof claims.userName === 'string' && claims.userName ? { firstName: claims.userName } : {}),
    ...(claims.roles?.length ? { roles: claims.roles } : {}),
  };
  const body: DegradedCheckAuthResponse = { user, degraded: true, ...ok(user, ACCOUNT_DETAILS_UNAVAILABLE) };
  reply.status(200).header('cache-control', 'no-store').send(body);
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, ErrorCodes, REFRESH_COOKIE, STAFF_ROUTE_PERMISSIONS, notPermittedMessage, roleGranting, type AnyRoute } from '@pharmacy/contracts';
import { createAccessTokenSigner, forbidden, requireUser, unauthorized, HttpError } from '@pharmacy/service-kit';
import { fullName, type UserDoc, type Users } from '../users/store';
import { REFRESH_TTL_SECONDS, type SessionDoc, type Sessions } from './store';

export const REFRESH_COOKIE_PATH = '/api/auth';

export interface SignedIn {
  user: UserDoc;
  session: SessionDoc;
}

/**
 * Cookies and the signed-in check of the account service. Other services check the access token against the
 * revocations this service publishes (within seconds); this service also checks that the session behind it
 * still exists, so sign-out, password change and account deletion take effect here at once.
 */
export function createSessionKit(opts: {
  users: Users;
  sessions: Sessions;
  privateKey: string;
  secureCookies: boolean;
  accessTokenTtlSeconds?: number;
}) {
  const sign = createAccessTokenSigner(opts.privateKey, opts.accessTokenTtlSeconds);
  const signedInByRequest = new WeakMap<FastifyRequest, SignedIn>();
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };

  function setCookies(reply: FastifyReply, user: UserDoc, sid: string, refreshToken: string) {
    const roles = user.roles ?? [];
    // Other services decide staff routes by these claims alone (docs/architecture.md#security); a change of roles
    // makes this token stale there within seconds (revocations-store.ts), so the browser refreshes it.
    const staff = roles.length > 0 ? { roles, staffName: fullName(user) } : {};
    const accessToken = sign({ sub: user._id, admin: user.admin === true, sid, userName: user.firstName, ...staff });
    // The access cookie outlives its token on purpose: an expired token still reaches every service, which
    // answers TOKEN_EXPIRED, which tells the browser to refresh instead of treating the visitor as signed out.
    reply.setCookie(ACCESS_COOKIE, accessToken, { ...base, path: '/', maxAge: REFRESH_TTL_SECONDS });
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...base, path: REFRESH_COOKIE_PATH, maxAge: REFRESH_TTL_SECONDS });
  }

  function clearCookies(reply: FastifyReply) {
    reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
  }

  /** onRequest hook: a valid access token whose session and user still exist (401 otherwise). */
  async function signedIn(request: FastifyRequest): Promise<void> {
    try {
      await requireUser(request);
    } catch (err) {
      // No usable access token but a refresh cookie: tell the browser to refresh rather than sign out.
      if (err instanceof HttpError && err.statusCode === 401 && request.cookies[REFRESH_COOKIE]) {
        throw unauthorized('Your session has expired. Please sign in again.', ErrorCodes.TOKEN_EXPIRED);
      }
      throw err;
    }
    const { sub, sid } = request.user;
    const session = await opts.sessions.findActive(sid, sub);
    const user = session ? await opts.users.findOne({ _id: sub }) : null;
    if (!session || !user) throw unauthorized('You have been signed out. Please sign in again.');
    signedInByRequest.set(request, { user, session });
  }

  /**
   * onRequest hook of a staff route: signed in, and one of the roles on the STORED record (not only in a token up to
   * 15 minutes old: a change applies here at once) grants the permission STAFF_ROUTE_PERMISSIONS gives the route.
   * Sets `request.staff` as requirePermission does, so the route can `request.audit`.
   */
  function staffFor(route: Pick<AnyRoute, 'method' | 'path'>) {
    const permission = STAFF_ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
    if (!permission) throw new Error(`${route.method} ${route.path} has no permission in STAFF_ROUTE_PERMISSIONS (shared/contracts/src/staff.ts)`);
    return async function staffOnly(request: FastifyRequest): Promise<void> {
      await signedIn(request);
      const { user } = current(request);
      if (user.admin !== true) throw forbidden('This area is for pharmacy staff only.');
      const roles = user.roles ?? [];
      const role = roleGranting(roles, permission);
      if (!role) throw forbidden(notPermittedMessage(permission));
      request.staff = { id: user._id, name: fullName(user), role, roles, permission };
    };
  }

  function current(request: FastifyRequest): SignedIn {
    const found = signedInByRequest.get(request);
    if (!found) throw unauthorized();
    return found;
  }

  return { setCookies, clearCookies, signedIn, staffFor, current };
}

export type SessionKit = ReturnType<typeof createSessionKit>;

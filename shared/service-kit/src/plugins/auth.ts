import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, ErrorCodes, STAFF_ROUTE_PERMISSIONS, notPermittedMessage, roleGranting, type AnyRoute, type Permission, type StaffRole } from '@pharmacy/contracts';
import { forbidden, unauthorized } from '../errors';
import { RevocationList } from '../revocation';

/** What an access token asserts. Only the account service signs these (Ed25519 private key). */
export interface AccessClaims {
  sub: string;
  admin: boolean;
  /** The refresh session this token belongs to (revoked on logout, password change and reset). */
  sid: string;
  /**
   * The name the shop greets the user with (their first name), so pages can still say who is signed in while
   * the account service cannot be reached. Display only: never used to decide anything.
   */
  userName?: string;
  /** Staff roles (docs/product.md#staff-roles); absent or empty for shoppers. Decides every /api/admin/* route. */
  roles?: StaffRole[];
  /** A staff member's full name, so an audit entry names who decided without asking the account service. */
  staffName?: string;
}

/** Who took a staff decision and under which of their roles (set by requirePermission; read by the audit trail). */
export interface StaffActor {
  id: string;
  name: string;
  /** The role that granted the permission this request needed. */
  role: StaffRole;
  roles: StaffRole[];
  permission: Permission;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once requirePermission let a staff member through. */
    staff?: StaffActor;
  }
  interface FastifyInstance {
    /** Sessions and users the account service revoked: their still-valid tokens are refused here. */
    revocations: RevocationList;
  }
}

export const TOKEN_ALGORITHM = 'EdDSA';
/** Verified access tokens remembered per process (least recently used dropped first). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Verification only: this plugin never receives a private key, so a service using it cannot mint tokens. */
export const authPlugin = fp<{ publicKey: string }>(
  async (app, opts) => {
    await app.register(fastifyJwt, {
      secret: { public: opts.publicKey },
      cookie: { cookieName: ACCESS_COOKIE, signed: false },
      // Read from the cookie only (never an Authorization header). These global options go with a plain
      // jwtVerify(): per-call options would make @fastify/jwt build a verifier, and parse the key, per request.
      // Each verified token is remembered until it expires (fast-jwt's cache, keyed by the token's hash; failures
      // are not kept), so a shopper's requests check the Ed25519 signature once; revocation is still checked on
      // every request below.
      verify: { algorithms: [TOKEN_ALGORITHM], onlyCookie: true, cache: VERIFIED_TOKENS_KEPT },
    });
    // One list per process: in embedded mode every service of the gateway reads the same one.
    app.decorate('revocations', new RevocationList());
  },
  { name: 'pharmacy-auth', dependencies: ['@fastify/cookie'] },
);

const isRevoked = (request: FastifyRequest, claims: AccessClaims) => request.server.revocations?.isRevoked(claims) === true;

/** Revoked: signed out (plain 401). Stale: staff roles changed since it was issued (TOKEN_EXPIRED: refresh it). */
function refuseRevoked(request: FastifyRequest): void {
  if (isRevoked(request, request.user)) throw unauthorized('You have been signed out. Please sign in again.');
  if (request.server.revocations?.isStale(request.user)) {
    throw unauthorized('Your staff roles have changed. Your session is being renewed with them.', ErrorCodes.TOKEN_EXPIRED);
  }
}

/**
 * preHandler: a signed-in user is required (401 otherwise; TOKEN_EXPIRED tells the client to refresh). A token
 * of a revoked session is a plain 401, not TOKEN_EXPIRED: the browser treats the visitor as signed out. A token
 * whose staff roles changed since is TOKEN_EXPIRED: the refreshed one carries the roles as they are now.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  try {
    await request.jwtVerify();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') {
      throw unauthorized('Your session has expired. Please sign in again.', ErrorCodes.TOKEN_EXPIRED);
    }
    throw unauthorized();
  }
  refuseRevoked(request);
}

/**
 * preHandler: a signed-in admin is required (401 when signed out, 403 when not an admin). A staff sign-out takes
 * effect at once, not within the next poll: the revocation list is brought up to this request's arrival first.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user.admin !== true) throw forbidden('This area is for pharmacy staff only.');
  await request.server.revocations?.caughtUp();
  refuseRevoked(request);
}

/**
 * preHandler factory: a signed-in staff member (`admin` flag) one of whose roles grants `permission` (401 signed out,
 * 403 with what is needed otherwise). Sets `request.staff` for the audit trail. Like requireAdmin, the revocation
 * list is brought up to this request's arrival first, so a removed role or a sign-out takes effect at once.
 */
export function requirePermission(permission: Permission) {
  return async function permitted(request: FastifyRequest): Promise<void> {
    await requireAdmin(request);
    const claims = request.user;
    const role = roleGranting(claims.roles, permission);
    if (!role) throw forbidden(notPermittedMessage(permission));
    request.staff = { id: claims.sub, name: claims.staffName ?? claims.userName ?? claims.sub, role, roles: claims.roles ?? [], permission };
  };
}

/**
 * requirePermission with the permission STAFF_ROUTE_PERMISSIONS gives this route, so the table in contracts is the
 * one place that says who may call it. A staff route missing from the table fails when the service starts, not later.
 */
export function requireStaffFor(route: Pick<AnyRoute, 'method' | 'path'>) {
  const permission = STAFF_ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
  if (!permission) throw new Error(`${route.method} ${route.path} has no permission in STAFF_ROUTE_PERMISSIONS (shared/contracts/src/staff.ts)`);
  return requirePermission(permission);
}

/**
 * Reads the user's claims when a valid token is present; never throws (for routes open to visitors). A token whose
 * staff roles changed since still names its user rightly, and these routes never decide by roles: it is kept.
 */
export async function optionalUser(request: FastifyRequest): Promise<AccessClaims | null> {
  try {
    await request.jwtVerify();
    return isRevoked(request, request.user) ? null : request.user;
  } catch {
    return null;
  }
}

/** The caller must be the user named in the path (every {userId} route: docs/api.md#who-may-call). */
export function assertSelf(request: FastifyRequest, userId: string): void {
  if (request.user?.sub !== userId) throw forbidden('You can only access your own account data.');
}

/**
 * preHandler (after requireUser) of a route whose body may name its user (`userId`, optional): a named user must
 * be the signed-in one (403 otherwise). The handler then acts for `request.user.sub`, never for the body's id, so
 * every such body is treated alike whether or not the client sends it.
 */
export async function assertBodyUser(request: FastifyRequest): Promise<void> {
  const body = request.body as { userId?: unknown } | null | undefined;
  const named = body && typeof body === 'object' ? body.userId : undefined;
  if (named !== undefined) assertSelf(request, String(named));
}

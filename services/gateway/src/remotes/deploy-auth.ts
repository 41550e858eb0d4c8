import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden, requirePermission, unauthorized, type AuditActor } from '@pharmacy/service-kit';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Equal secrets, compared in constant time whatever their lengths (both are hashed to 32 bytes first). */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const deployers = new WeakMap<FastifyRequest, string>();
const pipelines = new WeakMap<FastifyRequest, AuditActor>();

/**
 * Who is changing the registry, as the history records it: a member of staff by name and the role that let them
 * (`Asha Admin (admin)`, docs/operations.md#deploying-a-remote) or `deploy-token:<remote>`. Rows written before names were
 * recorded keep their `admin:<user id>`.
 */
export const deployerOf = (request: FastifyRequest): string => deployers.get(request) ?? 'unknown';

/**
 * The audit trail's actor for a change made with a deploy token (not a member of staff); undefined for a staff
 * member, whom the entry names from the session (docs/architecture.md#audit-trail).
 */
export const pipelineActorOf = (request: FastifyRequest): AuditActor | undefined => pipelines.get(request);

const staffWithRemotes = requirePermission('remotes.manage');

/**
 * preHandler of the registry's routes: a pipeline's deploy token (`Authorization: Bearer <remote>:<secret>`, one of
 * REMOTE_DEPLOY_TOKEN), which may read the registry and change only its own remote (403 on another), or a signed-in
 * member of staff with remotes.manage, who may change any. No token and no session: 401; a wrong token: 401 (never the admin check, so a
 * pipeline is told its token is wrong rather than to sign in).
 */
export function deployAccess(tokens: Readonly<Record<string, string>>) {
  // a Map, so a token naming "constructor" or "__proto__" finds no secret rather than Object's own properties
  const secrets = new Map(Object.entries(tokens));
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined) {
      await staffWithRemotes(request);
      const staff = request.staff!;
      deployers.set(request, `${staff.name} (${staff.role})`);
      return;
    }
    const bearer = /^Bearer\s+([^\s:]+):(\S+)\s*$/i.exec(header);
    const expected = bearer ? secrets.get(bearer[1]) : undefined;
    if (!bearer || expected === undefined || !sameSecret(bearer[2], expected)) {
      throw unauthorized('This deploy token is not valid. Use the <remote>:<secret> token the shop was given for your remote.');
    }
    const remote = bearer[1];
    const target = (request.params as { name?: string } | undefined)?.name;
    if (request.method !== 'GET' && target !== remote) throw forbidden(`This deploy token may change only the ${remote} remote.`);
    deployers.set(request, `deploy-token:${remote}`);
    pipelines.set(request, { id: `deploy-token:${remote}`, name: `Deploy pipeline (${remote})`, role: 'deploy-token', roles: [] });
  };
}

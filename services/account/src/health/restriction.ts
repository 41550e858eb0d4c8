import {
  HEALTH_PROFILE_FIELDS, STAFF_ROUTE_PERMISSIONS, hasPermission, isStaffRole, notPermittedMessage, roleGranting, type AnyRoute, type StaffUser, type User,
} from '@pharmacy/contracts';
import { forbidden } from '@pharmacy/service-kit';
import type { FastifyRequest } from 'fastify';
import type { SessionKit } from '../sessions/guard';

/**
 * preHandler (after kit.adminOnly): `request.staff` from the STORED user's roles, so the route can tell who may read
 * health data and audit it. A stored admin without roles is an administrator (as the roles migration makes them).
 * The `staff-roles` change's kit.staffFor does the same for every account staff route; this goes when it lands.
 */
export function staffByStoredRoles(kit: Pick<SessionKit, 'current'>, route: Pick<AnyRoute, 'method' | 'path'>) {
  const permission = STAFF_ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
  return async function storedStaff(request: FastifyRequest): Promise<void> {
    if (request.staff) return;
    const { user } = kit.current(request);
    const stored = (user as { roles?: unknown[] }).roles?.filter(isStaffRole) ?? [];
    const roles = stored.length ? stored : user.admin ? (['admin'] as const).slice() : [];
    const role = roleGranting(roles, permission);
    if (!role) throw forbidden(notPermittedMessage(permission));
    request.staff = { id: user._id, name: `${user.firstName} ${user.lastName}`.trim(), role, roles, permission };
  };
}

/** A user in a staff list: lists never carry health data, whoever asks (the details do, to those allowed). */
export function listedUser(user: User): StaffUser {
  const { DOB: _d, allergies: _a, healthConditions: _h, ...rest } = user;
  return { ...rest, restricted: [...HEALTH_PROFILE_FIELDS] };
}

/**
 * One user as a member of staff may see them (docs/domain.md#health-data): allergies, conditions and date of birth
 * only for a role with 'health.read', each such read recorded in the audit trail (which fields, never their values).
 */
export async function staffUser(request: FastifyRequest, user: User): Promise<StaffUser> {
  if (!hasPermission(request.staff?.roles, 'health.read')) return listedUser(user);
  await request.audit({
    action: 'health.read',
    entity: { type: 'user', id: user._id, name: `${user.firstName} ${user.lastName}`.trim() },
    after: { fields: [...HEALTH_PROFILE_FIELDS] },
  });
  return user;
}

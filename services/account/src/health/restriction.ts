import { HEALTH_PROFILE_FIELDS, hasPermission, type StaffUser, type User } from '@pharmacy/contracts';
import type { FastifyRequest } from 'fastify';

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

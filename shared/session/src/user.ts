import { isStaffRole } from '@pharmacy/contracts';
import type { SessionUser } from './types';

const isUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

/**
 * The user in an auth or profile response. The account service sends it as `user` and in `data`
 * (`data` may be the user itself or `{ user }`), so accept each of those shapes.
 */
export function pickUser(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null) return null;
  const { user, data } = body as { user?: unknown; data?: unknown };
  if (isUser(user)) return user;
  if (isUser(data)) return data;
  if (typeof data === 'object' && data !== null && isUser((data as { user?: unknown }).user)) return (data as { user: SessionUser }).user;
  return null;
}

/**
 * A check-auth answered while the account service is down (`degraded: true`): the gateway knows only who the
 * session's token names (`_id`, `admin`, maybe `firstName` and staff `roles`), so the rest of the user is left empty.
 */
export function pickDegradedUser(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null || (body as { degraded?: unknown }).degraded !== true) return null;
  const user = (body as { user?: unknown }).user;
  if (typeof user !== 'object' || user === null) return null;
  const { _id, admin, firstName, roles } = user as { _id?: unknown; admin?: unknown; firstName?: unknown; roles?: unknown };
  if (typeof _id !== 'string' || !_id) return null;
  const staffRoles = Array.isArray(roles) ? roles.filter(isStaffRole) : [];
  return { _id, admin: admin === true, firstName: typeof firstName === 'string' ? firstName : '', lastName: '', email: '', roles: staffRoles };
}

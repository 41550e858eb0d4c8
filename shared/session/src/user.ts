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

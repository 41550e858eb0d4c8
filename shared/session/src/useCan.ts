import type { Permission } from '@pharmacy/contracts';
import { selectCan } from './selectors';
import { useAppSelector } from './store';

/**
 * Whether the signed-in staff member's roles grant `permission` (docs/product.md#staff-roles): a screen says "not
 * for your role" or hides an action instead of offering a button the server would refuse with a 403.
 */
export const useCan = (permission: Permission): boolean => useAppSelector((state) => selectCan(state, permission));

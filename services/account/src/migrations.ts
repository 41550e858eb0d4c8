/**
 * The account store's stored-data changes, each run once per store in this order (docs/operations.md#migrations).
 */
import type { DocumentStore, Migration } from '@pharmacy/db';
import { usersIn } from './users/store';

export const accountMigrations: readonly Migration[] = [
  {
    version: 1,
    // Before roles, an admin could do everything: they keep that as the admin role (docs/product.md#staff-roles).
    name: 'users stored before staff roles: admins get the admin role, others none',
    up: async (store: DocumentStore) => {
      const users = usersIn(store);
      await users.updateMany({ roles: { $exists: false }, admin: true }, { $set: { roles: ['admin'] } });
      await users.updateMany({ roles: { $exists: false } }, { $set: { roles: [] } });
    },
  },
];

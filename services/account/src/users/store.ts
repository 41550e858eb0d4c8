import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import type { StaffRole, User } from '@pharmacy/contracts';
import type { HealthChangeDoc } from '../health/store';

/** A user as stored: the public fields plus the argon2id hash (never leaves this service). */
export interface UserDoc extends Doc {
  _id: string;
  firstName: string;
  lastName: string;
  /** Lower-cased; unique index. */
  email: string;
  phone: string | null;
  /** YYYY-MM-DD */
  DOB: string | null;
  allergies: string[];
  healthConditions: string[];
  /** True exactly when `roles` is not empty (staffRolesUpdate keeps them together). */
  admin: boolean;
  /** Staff roles (docs/product.md#staff-roles); absent on users stored before roles (migration 1 sets them). */
  roles?: StaffRole[];
  /** A pharmacist's GPhC registration number (7 digits): the responsible pharmacist record names it. */
  registrationNumber?: string;
  passwordHash: string;
  /** Health profile changes written with the change itself, until they are in the history (health/outbox.ts). */
  pendingHealthChanges?: HealthChangeDoc[];
  createdAt: Date;
  updatedAt: Date;
}

export type Users = Collection<UserDoc>;

/** The users collection, without its indexes: for a migration, which runs once openUsers made them. */
export const usersIn = (store: DocumentStore): Users => store.collection<UserDoc>('users');

export async function openUsers(store: DocumentStore): Promise<Users> {
  const users = usersIn(store);
  await users.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
  await users.createIndex({ createdAt: -1, _id: 1 }, { name: 'createdAt' });
  // The users whose health profile changes are not in the history yet (health/outbox.ts): found at start, unscanned.
  await users.createIndex({ 'pendingHealthChanges._id': 1 }, { sparse: true, name: 'pendingHealthChanges' });
  return users;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The only way a user leaves the service: an explicit copy of the public fields. */
export function toPublicUser(doc: UserDoc): User {
  return {
    _id: doc._id,
    firstName: doc.firstName,
    lastName: doc.lastName,
    email: doc.email,
    phone: doc.phone ?? null,
    DOB: doc.DOB ?? null,
    allergies: doc.allergies ?? [],
    healthConditions: doc.healthConditions ?? [],
    admin: doc.admin === true,
    roles: doc.roles ?? [],
    ...(doc.registrationNumber ? { registrationNumber: doc.registrationNumber } : {}),
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

/** The one way roles are written: the `admin` flag (the key to /admin) follows them. */
export const staffRolesUpdate = (roles: readonly StaffRole[]): Pick<UserDoc, 'roles' | 'admin'> => ({ roles: [...roles], admin: roles.length > 0 });

/** The name an audit entry and a staff token give a member of staff. */
export const fullName = (doc: Pick<UserDoc, 'firstName' | 'lastName'>) => `${doc.firstName} ${doc.lastName}`.trim();

export const EMAIL_TAKEN = 'An account with this email already exists.';

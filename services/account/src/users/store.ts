import type { Collection, Doc, DocumentStore } from '@pharmacy/db';
import type { User } from '@pharmacy/contracts';

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
  admin: boolean;
  /** A pharmacist's GPhC registration number (7 digits): the responsible pharmacist record names it. */
  registrationNumber?: string;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export type Users = Collection<UserDoc>;

export async function openUsers(store: DocumentStore): Promise<Users> {
  const users = store.collection<UserDoc>('users');
  await users.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
  await users.createIndex({ createdAt: -1, _id: 1 }, { name: 'createdAt' });
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
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

export const EMAIL_TAKEN = 'An account with this email already exists.';

import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_CATALOGUE, DEMO_PHARMACIST, DEMO_SHOPPER, DEMO_SUPPORT, type StaffRole } from '@pharmacy/contracts';
import { isDuplicateKeyError } from '@pharmacy/db';
import type { PasswordHasher } from './passwords';
import { staffRolesUpdate, type UserDoc, type Users } from './store';

type DemoFields = Pick<UserDoc, 'email' | 'firstName' | 'lastName' | 'phone' | 'DOB' | 'allergies' | 'healthConditions' | 'registrationNumber'>;
type Demo = DemoFields & { password: string; roles: StaffRole[] };

const staff = (login: { email: string; password: string }, firstName: string, lastName: string, role: StaffRole): Demo => ({
  ...login,
  firstName,
  lastName,
  phone: null,
  DOB: null,
  allergies: [],
  healthConditions: [],
  roles: [role],
});

/**
 * Demo accounts for a local run (credentials in the README): one member of staff per role (docs/product.md#staff-roles),
 * and an adult shopper whose health profile shows every safety path: an allergy to a class (NSAIDs: every ibuprofen
 * and aspirin product warns), one the catalog sells nothing of (penicillin), and a condition the table links to
 * ingredients (high blood pressure: decongestants, ibuprofen). Never called in production.
 */
export async function ensureDemoUsers(users: Users, hasher: PasswordHasher, now: () => Date): Promise<void> {
  const demo: Demo[] = [
    staff(DEMO_ADMIN, 'Demo', 'Admin', 'admin'),
    // A made-up number in the register's format (7 digits): the responsible pharmacist record names it.
    { ...staff(DEMO_PHARMACIST, 'Priya', 'Pharmacist', 'pharmacist'), registrationNumber: '2071234' },
    staff(DEMO_CATALOGUE, 'Cat', 'Catalogue', 'catalogue'),
    staff(DEMO_SUPPORT, 'Sid', 'Support', 'support'),
    {
      ...DEMO_SHOPPER,
      firstName: 'Sam',
      lastName: 'Shopper',
      phone: '+44 20 7946 0958',
      DOB: '1988-04-12',
      allergies: ['NSAIDs', 'Penicillin'],
      healthConditions: ['High blood pressure'],
      roles: [],
    },
  ];
  for (const { password, roles, ...fields } of demo) {
    if (await users.findOne({ email: fields.email })) continue;
    const at = now();
    try {
      const user: UserDoc = { _id: randomUUID(), ...fields, ...staffRolesUpdate(roles), passwordHash: await hasher.hash(password), createdAt: at, updatedAt: at };
      await users.insertOne(user);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err; // another instance seeded it first
    }
  }
}

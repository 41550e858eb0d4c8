import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_SHOPPER } from '@pharmacy/contracts';
import { isDuplicateKeyError } from '@pharmacy/db';
import type { PasswordHasher } from './passwords';
import type { UserDoc, Users } from './store';

/**
 * Demo accounts for a local run (credentials in the README): an admin to reach /admin, and an adult shopper whose
 * health profile shows every safety path: an allergy to a class (NSAIDs: every ibuprofen and aspirin product warns),
 * one the catalog sells nothing of (penicillin), and a condition the table links to ingredients (high blood pressure:
 * decongestants, ibuprofen). Never called in production.
 */
export async function ensureDemoUsers(users: Users, hasher: PasswordHasher, now: () => Date): Promise<void> {
  type DemoFields = Pick<UserDoc, 'email' | 'firstName' | 'lastName' | 'phone' | 'DOB' | 'allergies' | 'healthConditions' | 'admin'>;
  const demo: Array<DemoFields & { password: string }> = [
    {
      ...DEMO_ADMIN,
      firstName: 'Demo',
      lastName: 'Admin',
      phone: null,
      DOB: null,
      allergies: [],
      healthConditions: [],
      admin: true,
    },
    {
      ...DEMO_SHOPPER,
      firstName: 'Sam',
      lastName: 'Shopper',
      phone: '+44 20 7946 0958',
      DOB: '1988-04-12',
      allergies: ['NSAIDs', 'Penicillin'],
      healthConditions: ['High blood pressure'],
      admin: false,
    },
  ];
  for (const { password, ...fields } of demo) {
    if (await users.findOne({ email: fields.email })) continue;
    const at = now();
    try {
      const user: UserDoc = { _id: randomUUID(), ...fields, passwordHash: await hasher.hash(password), createdAt: at, updatedAt: at };
      await users.insertOne(user);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err; // another instance seeded it first
    }
  }
}

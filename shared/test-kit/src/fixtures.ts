// Who is signed in, in the browser-side tests: one shopper and one member of staff, shaped like the account
// service's user (what check-auth and sign-in answer).
import type { SessionUser } from '@pharmacy/session';

export const shopper: SessionUser = {
  _id: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  DOB: '1990-02-28',
  allergies: ['Penicillin'],
  healthConditions: [],
  admin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export const staff: SessionUser = {
  ...shopper,
  _id: 'admin-1',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'admin@pharmacy.local',
  allergies: [],
  admin: true,
};

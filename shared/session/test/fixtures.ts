import type { SessionUser } from '../src/types';

export const jane: SessionUser = {
  _id: '6f1c1f0e-4b7e-4f6b-9a51-3d1c0b7e2a11',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '+1 555 0100',
  DOB: '1990-04-01',
  allergies: ['penicillin'],
  healthConditions: [],
  admin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export const admin: SessionUser = { ...jane, _id: 'a-1', email: 'admin@example.com', admin: true };

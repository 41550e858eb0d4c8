// Who is signed in, in the browser-side tests: one shopper and one member of staff, shaped like the account
// service's user (what check-auth and sign-in answer).
import type { Product, StaffRole } from '@pharmacy/contracts';
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
  roles: [],
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
  roles: ['admin'],
};

/** A member of staff with one role other than admin: what their screens say they may not do. */
export const staffWithRole = (role: StaffRole): SessionUser => ({ ...staff, _id: `staff-${role}`, firstName: role, roles: [role] });

let made = 0;
/** A product as the catalog serves it: a plain over-the-counter item in stock; each call gets its own id. */
export function makeProduct(over: Partial<Product> = {}): Product {
  made += 1;
  return {
    _id: `p${made}`,
    title: `Product ${made}`,
    description: 'A product.',
    category: 'pain-relief',
    brand: 'CareWell',
    price: 4.99,
    salePrice: 0,
    totalStock: 50,
    averageReview: 0,
    reviewCount: 0,
    image: `/api/media/img-${made}`,
    activeIngredients: [],
    allergens: [],
    contraindications: [],
    dosageForm: 'Tablets',
    packSize: '16 tablets',
    maxPerOrder: null,
    minAge: 0,
    requiresPrescription: false,
    pharmacyOnly: false,
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

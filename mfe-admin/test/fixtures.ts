import type { Order, OrderStats, OrderStatus, PaymentStatus, Product, User } from '@pharmacy/contracts';
import { makeProduct as kitProduct } from '@pharmacy/test-kit';

export function makeUser(overrides: Partial<User> & Pick<User, '_id' | 'firstName' | 'lastName'>): User {
  return {
    email: `${overrides.firstName.toLowerCase()}@example.com`,
    phone: '+1 555 0100',
    DOB: '1990-05-14',
    allergies: ['Penicillin'],
    healthConditions: ['Asthma'],
    admin: false,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-02-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Sent by the server in no particular order; newest is Carla, then Bob, then Alice. */
export const USERS: User[] = [
  makeUser({ _id: 'u-bob', firstName: 'Bob', lastName: 'Stone', createdAt: '2024-03-01T09:00:00.000Z' }),
  makeUser({ _id: 'u-alice', firstName: 'Alice', lastName: 'Smith', createdAt: '2024-01-15T09:00:00.000Z' }),
  makeUser({ _id: 'u-carla', firstName: 'Carla', lastName: 'Alison', createdAt: '2024-05-20T09:00:00.000Z' }),
];

/** The kit's product with the sample values the admin tests read (an ibuprofen pack with limits set). */
export function makeProduct(overrides: Partial<Product> & Pick<Product, '_id' | 'title'>): Product {
  return kitProduct({
    description: 'Fast relief from headaches.',
    brand: 'Relifex',
    price: 5.99,
    totalStock: 40,
    image: '/api/media/img-1',
    activeIngredients: ['Ibuprofen 200 mg'],
    contraindications: ['Asthma'],
    dosageForm: 'Tablet',
    packSize: '24 tablets',
    maxPerOrder: 4,
    minAge: 12,
    ...overrides,
  });
}

export function makeOrder(overrides: Partial<Order> & { _id: string; orderStatus: OrderStatus; paymentStatus: PaymentStatus }): Order {
  return {
    userId: 'u-alice',
    items: [
      { productId: 'p-1', title: 'Ibuprofen 200 mg', image: '/api/media/img-1', brand: 'Relifex', price: 5.99, quantity: 2, lineTotal: 11.98, warnings: [] },
    ],
    address: {
      addressId: 'a-1',
      fullName: 'Alice Smith',
      addressLine: '1 Harbour Street',
      city: 'Portsmouth',
      postalCode: 'PO1 2AB',
      phone: '+44 7700 900123',
      notes: '',
    },
    totalAmount: 11.98,
    currency: 'USD',
    paymentMethod: 'sandbox',
    paymentId: 'PAY-1',
    payerId: 'PAYER-1',
    orderDate: '2024-06-01T12:00:00.000Z',
    orderUpdateDate: '2024-06-01T12:00:00.000Z',
    expiresAt: '2024-06-01T12:30:00.000Z',
    acknowledgedWarnings: [],
    acknowledgedAt: null,
    history: [],
    ...overrides,
  };
}

export function makeStats(): OrderStats {
  const dailyRevenue = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.UTC(2024, 5, 1 + i));
    return { date: d.toISOString().slice(0, 10), revenue: i === 29 ? 120.5 : i % 3 === 0 ? 40 : 0, orders: i % 3 === 0 ? 2 : 0 };
  });
  return {
    today: { revenue: 120.5, orders: 3, paidOrders: 2 },
    last30Days: { revenue: 520.5, orders: 23, paidOrders: 20 },
    byOrderStatus: { pending: 1, confirmed: 5, inProcess: 4, inShipping: 3, delivered: 9, rejected: 1 },
    byPaymentStatus: { pending: 1, paid: 20, refunded: 1, failed: 1 },
    dailyRevenue,
  };
}

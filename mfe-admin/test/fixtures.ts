import { CONSULTATION_QUESTIONS, orderNumber, type Order, type OrderStats, type OrderStatus, type PaymentStatus, type Product, type Recall, type RemoteDeployment, type User } from '@pharmacy/contracts';
import { makeProduct as kitProduct } from '@pharmacy/test-kit';

export function makeUser(overrides: Partial<User> & Pick<User, '_id' | 'firstName' | 'lastName'>): User {
  return {
    email: `${overrides.firstName.toLowerCase()}@example.com`,
    phone: '+1 555 0100',
    DOB: '1990-05-14',
    allergies: ['Penicillin'],
    healthConditions: ['Asthma'],
    admin: false,
    roles: [],
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
    orderNumber: orderNumber(overrides._id),
    userId: 'u-alice',
    items: [
      { productId: 'p-1', title: 'Ibuprofen 200 mg', image: '/api/media/img-1', brand: 'Relifex', price: 5.99, quantity: 2, lineTotal: 11.98, warnings: [] },
    ],
    address: {
      addressId: 'a-1',
      fullName: 'Alice Smith',
      line1: '1 Harbour Street',
      line2: '',
      city: 'Portsmouth',
      region: '',
      postalCode: 'PO1 2AB',
      country: 'GB',
      phone: '+44 7700 900123',
      notes: '',
    },
    subtotal: 11.98,
    deliveryFee: 0,
    totalAmount: 11.98,
    taxIncluded: 2,
    taxRatePercent: 20,
    currency: 'GBP',
    delivery: { method: 'standard', label: 'Standard delivery', fee: 0, pharmacy: null },
    paymentMethod: 'sandbox',
    paymentId: 'PAY-1',
    payerId: 'PAYER-1',
    orderDate: '2024-06-01T12:00:00.000Z',
    orderUpdateDate: '2024-06-01T12:00:00.000Z',
    expiresAt: '2024-06-01T12:30:00.000Z',
    acknowledgedWarnings: [],
    acknowledgedAt: null,
    history: [],
    consultation: [],
    unrecognisedTerms: [],
    review: { status: 'notNeeded', reasons: [], decidedBy: null, decidedAt: null, note: null },
    ...overrides,
  };
}

const ANSWERS = { patient: 'Me', age: '34', otherMedicines: 'Cetirizine when my hay fever is bad', conditions: 'Asthma, mild' } as const;

/**
 * A paid order held for a pharmacist: Alice acknowledged an NSAID warning, answered the consultation for a pharmacy
 * medicine, and has a profile term the knowledge table does not know.
 */
export function makeHeldOrder(overrides: Partial<Order> & { _id: string }): Order {
  const warning = 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.';
  return makeOrder({
    orderStatus: 'confirmed',
    paymentStatus: 'paid',
    items: [
      { productId: 'p-1', title: 'Ibuprofen 200 mg', image: '/api/media/img-1', brand: 'Relifex', price: 5.99, quantity: 2, lineTotal: 11.98, warnings: [warning] },
      { productId: 'p-2', title: 'Codeine Linctus', image: '/api/media/img-2', brand: 'Tussel', price: 7.5, quantity: 1, lineTotal: 7.5, warnings: [], pharmacyOnly: true },
    ],
    totalAmount: 19.48,
    acknowledgedWarnings: [warning],
    acknowledgedAt: '2024-06-01T11:58:00.000Z',
    consultation: CONSULTATION_QUESTIONS.map((q) => ({ questionId: q.id, question: q.question, answer: ANSWERS[q.id] })),
    unrecognisedTerms: ['Moonflower pollen'],
    review: {
      status: 'awaiting',
      reasons: [`Acknowledged warning: ${warning}`, 'Pharmacy medicine: Codeine Linctus', 'Unrecognised health term: Moonflower pollen'],
      decidedBy: null,
      decidedAt: null,
      note: null,
    },
    history: [
      { field: 'paymentStatus', from: 'pending', to: 'paid', at: '2024-06-01T12:05:00.000Z', by: 'system' },
      { field: 'orderStatus', from: 'pending', to: 'confirmed', at: '2024-06-01T12:05:00.000Z', by: 'system' },
      { field: 'review', from: 'notNeeded', to: 'awaiting', at: '2024-06-01T12:05:00.000Z', by: 'system' },
    ],
    ...overrides,
  });
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
    byClosedReason: { cancelled: 3, expired: 2, paymentFailed: 1, outOfStock: 0, rejectedByStaff: 1, rejectedByPharmacist: 2, recalled: 0 },
    awaitingReview: 7,
    reviewQueue: [
      { _id: 'o-oldest-held', orderNumber: orderNumber('o-oldest-held'), orderDate: '2024-06-28T08:15:00.000Z', customer: 'Alice Smith', totalAmount: 19.48, currency: 'USD' },
      { _id: 'o-next-held', orderNumber: orderNumber('o-next-held'), orderDate: '2024-06-29T16:40:00.000Z', customer: 'Bob Stone', totalAmount: 7.5, currency: 'USD' },
    ],
    dailyRevenue,
  };
}

/** A class 2 recall a pharmacist recorded, its batch off sale, one order affected. */
export function makeRecall(over: Partial<Recall> = {}): Recall {
  return {
    _id: 'rc-1',
    recallClass: 2,
    reason: 'Wrong strength printed on the blister.',
    action: 'Stop taking it and bring it back.',
    batchIds: ['demo-batch-recalled'],
    batches: [{ batchId: 'demo-batch-recalled', productId: 'p-chl', productTitle: 'Chlorphenamine 4mg Allergy Tablets', lot: 'CHL-24-117', expiresOn: '2027-06-30', quarantined: 40 }],
    state: 'quarantined',
    createdAt: '2026-11-27T09:00:00.000Z',
    createdBy: { id: 'staff-pharmacist', name: 'Phil Pharmacist' },
    quarantinedAt: '2026-11-27T09:00:01.000Z',
    orders: 1,
    shoppers: 1,
    ...over,
  };
}

/** The catalog remote's next build, as a canary's manifest. */
export const V2 = 'https://catalog.example.com/v2/mf-manifest.json';

/** The catalog remote as the registry lists it: the seeded build live, no canary. */
export const makeRemote = (over: Partial<RemoteDeployment> = {}): RemoteDeployment => ({
  name: 'catalog',
  manifestUrl: '/mfe/catalog/mf-manifest.json',
  origin: null,
  version: '0.1.0',
  buildInfo: { buildVersion: '0.1.0' },
  deployedAt: '2026-11-26T09:00:00.000Z',
  deployedBy: 'seed',
  ...over,
});

/** The catalog remote with V2 as a canary for 30 % of visitors. */
export const remoteWithCanary = makeRemote({
  canary: { manifestUrl: V2, origin: 'https://catalog.example.com', version: '0.2.0', buildInfo: { buildVersion: '0.2.0' }, percent: 30, startedAt: '2026-11-27T06:00:00.000Z', startedBy: 'deploy-token:catalog' },
});

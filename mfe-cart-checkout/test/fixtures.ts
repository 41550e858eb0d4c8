// The checkout service's answers as this remote's tests need them: cart lines, carts and orders shaped by the contracts.
import type { Cart, CartLine, Order } from '@pharmacy/contracts';
import { shopper } from '@pharmacy/test-kit';

export const line = (over: Partial<CartLine>): CartLine => ({
  productId: 'p1',
  title: 'Ibuprofen',
  image: '',
  brand: 'Acme',
  quantity: 1,
  price: 5,
  lineTotal: 5,
  maxQuantity: 10,
  available: true,
  warnings: [],
  safety: [],
  pharmacyOnly: false,
  ...over,
});

/** A cart whose flags follow its lines, as the server computes them (override any). */
export const cartOf = (items: CartLine[], over: Partial<Cart> = {}): Cart => ({
  userId: shopper._id,
  items,
  itemCount: items.reduce((n, i) => n + i.quantity, 0),
  totalAmount: items.reduce((n, i) => n + i.lineTotal, 0),
  canCheckout: items.every((i) => !i.problem),
  hasWarnings: items.some((i) => i.warnings.length > 0),
  needsConsultation: items.some((i) => i.pharmacyOnly),
  ...over,
});

export const orderOf = (over: Partial<Order> = {}): Order => ({
  _id: 'order-42',
  userId: shopper._id,
  items: [],
  address: { addressId: 'a1', fullName: 'Ada Lovelace', addressLine: '1 Main Street', city: 'London', postalCode: 'N1', phone: '+44 20 7946 0000', notes: '' },
  totalAmount: 5,
  currency: 'USD',
  orderStatus: 'confirmed',
  paymentStatus: 'paid',
  paymentMethod: 'sandbox',
  paymentId: 'SBX-1',
  payerId: 'PAYER1',
  orderDate: '2026-01-01T00:00:00.000Z',
  orderUpdateDate: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:30:00.000Z',
  acknowledgedWarnings: [],
  acknowledgedAt: null,
  history: [],
  consultation: [],
  unrecognisedTerms: [],
  review: { status: 'notNeeded', reasons: [], decidedBy: null, decidedAt: null, note: null },
  ...over,
});

export const address = {
  _id: 'a1',
  userId: shopper._id,
  fullName: 'Ada Lovelace',
  addressLine: '1 Main Street',
  city: 'London',
  postalCode: 'N1',
  phone: '+44 20 7946 0000',
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

// The checkout service's answers as this remote's tests need them: cart lines, carts and orders shaped by the contracts.
import { orderNumber, type Cart, type CartLine, type CartTotals, type DeliveryOptions, type Order } from '@pharmacy/contracts';
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

/** The shop's delivery options as the checkout service answers them by default (fees, threshold, two pharmacies). */
export const deliveryOptions: DeliveryOptions = {
  currency: 'GBP',
  freeDeliveryOver: 30,
  freeDeliveryOverCents: 3000,
  taxRatePercent: 20,
  methods: [
    { method: 'standard', label: 'Standard delivery', description: '2-4 working days', fee: 3.99, feeCents: 399, freeOver: 30, freeOverCents: 3000 },
    { method: 'express', label: 'Express delivery', description: 'Next working day when ordered by 2 pm', fee: 7.99, feeCents: 799 },
    { method: 'collect', label: 'Click and collect', description: 'Free, ready at the pharmacy you choose', fee: 0, feeCents: 0 },
  ],
  pharmacies: [
    { id: 'high-street', name: 'High Street Pharmacy', address: '12 High Street, London N1 2AB', openingHours: ['Mon-Fri 8:00-19:00', 'Sat 9:00-17:00'] },
    { id: 'station-road', name: 'Station Road Pharmacy', address: '3 Station Road, London E2 7QA', openingHours: ['Mon-Sat 9:00-18:00'] },
  ],
};

/**
 * Totals as the server states them for a method: the subtotal of the orderable lines, the method's fee (standard
 * free from the threshold on), tax included at 20%. Tests give each method a distinct figure to see it arrive.
 */
export function totalsOf(items: CartLine[], method: CartTotals['deliveryMethod'] = 'standard'): CartTotals {
  const orderable = items.filter((i) => !i.problem && i.available);
  const subtotal = orderable.reduce((n, i) => n + i.lineTotal, 0);
  const free = subtotal >= 30;
  const delivery = method === 'express' ? 7.99 : method === 'collect' || free ? 0 : 3.99;
  const total = Math.round((subtotal + delivery) * 100) / 100;
  return {
    subtotal,
    delivery,
    total,
    taxIncluded: Math.round((total * 100 * 20) / 120) / 100,
    taxRatePercent: 20,
    currency: 'GBP',
    deliveryMethod: method,
    ...(method === 'standard' ? { amountToFreeDelivery: free ? 0 : Math.round((30 - subtotal) * 100) / 100 } : {}),
    excludedLines: items.length - orderable.length,
  };
}

/** A cart whose flags and totals follow its lines, as the server computes them (override any). */
export const cartOf = (items: CartLine[], over: Partial<Cart> = {}): Cart => ({
  userId: shopper._id,
  items,
  itemCount: items.reduce((n, i) => n + i.quantity, 0),
  totalAmount: items.reduce((n, i) => n + i.lineTotal, 0),
  canCheckout: items.every((i) => !i.problem),
  hasWarnings: items.some((i) => i.warnings.length > 0),
  needsConsultation: items.some((i) => i.pharmacyOnly),
  totals: totalsOf(items),
  ...over,
});

export const orderOf = (over: Partial<Order> = {}): Order => ({
  _id: 'order-42',
  userId: shopper._id,
  items: [],
  address: { addressId: 'a1', fullName: 'Ada Lovelace', line1: '1 Main Street', line2: '', city: 'London', region: '', postalCode: 'N1 9GU', country: 'GB', phone: '+44 20 7946 0000', notes: '' },
  orderNumber: orderNumber('order-42'),
  subtotal: 5,
  deliveryFee: 0,
  totalAmount: 5,
  taxIncluded: 0.83,
  taxRatePercent: 20,
  currency: 'GBP',
  delivery: { method: 'standard', label: 'Standard delivery', fee: 0, pharmacy: null },
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
  addressId: 'a1',
  fullName: 'Ada Lovelace',
  line1: '1 Main Street',
  line2: '',
  city: 'London',
  region: '',
  postalCode: 'N1 9GU',
  country: 'GB',
  phone: '+44 20 7946 0000',
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

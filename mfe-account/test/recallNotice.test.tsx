import { screen, within } from '@testing-library/react';
import type { RecallNotice } from '@pharmacy/contracts';
import { fail, fakeApi, ok, renderWithStore, shopper } from '@pharmacy/test-kit';
import { MyOrdersPage } from '../src/orders/MyOrdersPage';
import { RecallNoticePage } from '../src/recalls/RecallNoticePage';
import { orderRows } from './orderHelpers';

const ORDER_ID = 'bbbbbbbb-2222-4000-8000-000000000002';

const notice = (over: Partial<RecallNotice> = {}): RecallNotice => ({
  _id: 'n-1',
  recallClass: 2,
  reason: 'Some packs contain tablets of the wrong strength.',
  action: 'Stop taking the tablets and bring the pack back to the pharmacy for a refund.',
  lines: [{ orderId: ORDER_ID, orderNumber: '#BBBBBBBB', productTitle: 'Chlorphenamine 4mg Allergy Tablets', lot: 'CHL-24-117', expiresOn: '2027-06-30', quantity: 2, outcome: 'paid' }],
  issuedAt: '2026-11-27T09:00:00.000Z',
  openedAt: '2026-11-27T09:05:00.000Z',
  ...over,
});

const renderNotice = (id = 'n-1') => renderWithStore(<RecallNoticePage />, { path: '/recalls/:noticeId', url: `/recalls/${id}`, user: shopper });

describe('a recall notice in the account', () => {
  it('shows the product, the lot and what to do', async () => {
    const api = fakeApi().on('GET', '/api/shop/recalls/n-1', ok(notice()));
    renderNotice();
    expect(await screen.findByRole('listitem')).toHaveTextContent('2 × Chlorphenamine 4mg Allergy Tablets, lot CHL-24-117, expiry 30 Jun 2027 (order #BBBBBBBB)');
    expect(screen.getByRole('region', { name: 'What you must do' })).toHaveTextContent('Stop taking the tablets and bring the pack back to the pharmacy for a refund.');
    expect(screen.getByText(/class 2 recall/)).toHaveTextContent('Some packs contain tablets of the wrong strength.');
    expect(api.callsTo('GET', '/api/shop/recalls/n-1')).toHaveLength(1);
  });

  it('says an unpaid order holding the batch was cancelled and nothing was charged', async () => {
    fakeApi().on('GET', '/api/shop/recalls/n-1', ok(notice({ lines: [{ ...notice().lines[0], outcome: 'released' }] })));
    renderNotice();
    expect(await screen.findByText(/Nothing was charged/)).toHaveTextContent('Your unpaid order #BBBBBBBB held Chlorphenamine 4mg Allergy Tablets from this batch, so we cancelled it.');
    expect(screen.queryByRole('region', { name: 'What you must do' })).not.toBeInTheDocument();
  });

  it('another account’s notice (404) says it was not found, with the way on', async () => {
    fakeApi().on('GET', '/api/shop/recalls/n-2', fail(404, 'This recall notice was not found in your account.', 'NOT_FOUND'));
    renderNotice('n-2');
    expect(await screen.findByText('This recall notice was not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/my-orders');
  });

  it('My Orders marks the affected order and links to its notice', async () => {
    const order = {
      _id: ORDER_ID, userId: shopper._id, items: [{ productId: 'p-chl', title: 'Chlorphenamine 4mg Allergy Tablets', image: '', brand: 'Acme', price: 3, quantity: 2, lineTotal: 6, warnings: [] }],
      address: { fullName: 'Ada', line1: '1 Main St', line2: '', city: 'London', region: '', postalCode: 'N1 9GU', country: 'GB', phone: '+44 20 7946 0000', notes: '' },
      subtotal: 6, deliveryFee: 0, totalAmount: 6, taxIncluded: 1, taxRatePercent: 20, currency: 'GBP', orderStatus: 'confirmed', paymentStatus: 'paid',
      paymentMethod: 'sandbox', paymentId: 'pay', payerId: 'payer', orderDate: '2026-11-20T10:00:00.000Z', orderUpdateDate: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-11-20T10:30:00.000Z', acknowledgedWarnings: [], acknowledgedAt: null, history: [], consultation: [], unrecognisedTerms: [],
      review: { status: 'notNeeded', reasons: [], decidedBy: null, decidedAt: null, note: null },
    };
    fakeApi()
      .on('GET', `/api/shop/order/list/${shopper._id}`, ok([order]))
      .on('GET', '/api/shop/recalls', ok([notice()]));
    renderWithStore(<MyOrdersPage />, { path: '/my-orders', user: shopper });
    const [row] = await orderRows();
    const note = (await within(row).findByText(/in this order has been recalled/)).closest('p') as HTMLElement;
    expect(note).toHaveTextContent('Recall: Chlorphenamine 4mg Allergy Tablets (lot CHL-24-117) in this order has been recalled.');
    expect(within(note).getByRole('link', { name: 'Read what to do' })).toHaveAttribute('href', '/recalls/n-1');
  });
});

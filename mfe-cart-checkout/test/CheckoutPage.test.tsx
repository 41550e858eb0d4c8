import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSULTATION_QUESTIONS, safetyBlockMessage, type Cart } from '@pharmacy/contracts';
import CheckoutPage from '../src/exposes/CheckoutPage';
import { resetPaymentConfig } from '../src/payment/TestPaymentNotice';
import { fakeApi, renderWithStore, shopper, type ApiCall, type FakeReply } from '@pharmacy/test-kit';
import { address, cartOf, line } from './fixtures';

const NSAID = 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.';
const pharmacyMedicine = line({ productId: 'p-chl', title: 'Chloramphenicol Eye Drops', pharmacyOnly: true });
const warned = line({ productId: 'p-ibu', title: 'Ibuprofen 200mg', warnings: [NSAID] });
const plain = line({ productId: 'p-vit', title: 'Vitamin C' });

/** The shop's API for the checkout page: this cart, one address, the catalog's unrecognised terms, and order create as given. */
function serve(cart: Cart, opts: { create?: (call: ApiCall) => FakeReply; unrecognisedTerms?: string[] } = {}) {
  return fakeApi((c) => {
    if (c.url === '/api/payments/config') return { body: { success: true, data: { provider: 'sandbox', testPayments: true } } };
    if (c.url.startsWith('/api/shop/address/get/')) return { body: { success: true, data: [address] } };
    if (c.url === '/api/shop/safety/check') return { body: { success: true, data: [], unrecognisedTerms: opts.unrecognisedTerms ?? [] } };
    if (c.url === '/api/shop/order/create') {
      return opts.create?.(c) ?? { body: { success: true, data: null, approvalURL: '/secure/checkout/return?orderId=o1', orderId: 'o1' } };
    }
    return { body: { success: true, data: cart } };
  });
}
const open = () => renderWithStore(<CheckoutPage />, { url: '/secure/checkout', path: '/secure/checkout', user: shopper });
const creates = (calls: ApiCall[]) => calls.filter((c) => c.url === '/api/shop/order/create');

const reportError = console.error;
beforeEach(() => {
  // placing an order sends the browser to the payment page, which jsdom cannot open: only that report is quietened
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Not implemented: navigation')) reportError(...args);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  resetPaymentConfig();
  sessionStorage.clear();
});

describe('checkout with a pharmacy medicine', () => {
  it('asks the pharmacist’s questions, each required, and sends the answers with the order', async () => {
    const user = userEvent.setup();
    const { calls } = serve(cartOf([pharmacyMedicine]));
    open();
    const form = await screen.findByRole('region', { name: 'Questions from our pharmacist' });
    expect(form).toHaveTextContent('A pharmacist checks orders for pharmacy medicines before they are sent');
    for (const q of CONSULTATION_QUESTIONS) {
      const box = within(form).getByRole('textbox', { name: new RegExp(q.question.replace(/[?()]/g, '\\$&')) });
      expect(box).toBeRequired();
      expect(box).toHaveAccessibleDescription(q.hint);
      expect(box).toHaveAttribute('maxlength', '500');
    }

    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(within(form).getAllByText('Please answer this question.')).toHaveLength(CONSULTATION_QUESTIONS.length);
    expect(within(form).getByRole('textbox', { name: /Who is this medicine for/ })).toHaveFocus();
    expect(creates(calls)).toHaveLength(0);

    const typed = ['My son', '9', 'none', 'Mild asthma'];
    for (const [i, q] of CONSULTATION_QUESTIONS.entries()) {
      await user.type(within(form).getByRole('textbox', { name: new RegExp(q.question.replace(/[?()]/g, '\\$&')) }), `  ${typed[i]} `);
    }
    expect(within(form).queryByText('Please answer this question.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toEqual({
      addressId: address._id,
      consultation: CONSULTATION_QUESTIONS.map((q, i) => ({ questionId: q.id, answer: typed[i] })),
    });
  });

  it('shows the server’s CONSULTATION_REQUIRED refusal at the questions', async () => {
    const user = userEvent.setup();
    const message = 'Please answer every question about your pharmacy medicine.';
    serve(cartOf([pharmacyMedicine]), { create: () => ({ status: 422, body: { success: false, code: 'CONSULTATION_REQUIRED', message } }) });
    open();
    const form = await screen.findByRole('region', { name: 'Questions from our pharmacist' });
    for (const q of CONSULTATION_QUESTIONS) await user.type(within(form).getByRole('textbox', { name: new RegExp(q.question.replace(/[?()]/g, '\\$&')) }), 'x');
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Place order and pay' })).toBeEnabled();
  });

  it('says before paying that a pharmacist checks the order, and why', async () => {
    serve(cartOf([pharmacyMedicine, warned]), { unrecognisedTerms: ['Hay fever pills'] });
    open();
    const notice = await screen.findByRole('region', { name: 'A pharmacist checks this order' });
    expect(notice).toHaveTextContent('You are confirming safety warnings for your health profile.');
    expect(notice).toHaveTextContent('It has a pharmacy medicine.');
    expect(await within(notice).findByText(/terms our medicine list does not recognise: Hay fever pills/)).toBeInTheDocument();
    expect(notice).toHaveTextContent('If the pharmacist cannot approve it, your payment is refunded.');
  });
});

describe('checkout with warnings and problems', () => {
  it('needs the acknowledgement naming the warned products before the order can be placed, and records it', async () => {
    const user = userEvent.setup();
    const { calls } = serve(cartOf([warned, plain]));
    open();
    expect(await screen.findByRole('note', { name: 'Safety warnings for Ibuprofen 200mg' })).toHaveTextContent(NSAID);
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    expect(place).toBeDisabled();
    const ack = screen.getByRole('checkbox', { name: 'I have read the safety warnings for Ibuprofen 200mg and want to order it anyway.' });
    await user.click(ack);
    expect(place).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Questions from our pharmacist' })).not.toBeInTheDocument();
    await user.click(place);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toEqual({ addressId: address._id, acknowledgeSafetyWarnings: true });
  });

  it('lines with a problem (age) show it and block the order with the same words', async () => {
    const age = safetyBlockMessage('UNDER_AGE', 18);
    serve(cartOf([plain, line({ productId: 'p-nic', title: 'Nicotine Gum', available: false, maxQuantity: 0, problem: age })]));
    open();
    const gum = await screen.findByTestId('cart-line-p-nic');
    expect(within(gum).getByText(age)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`Nicotine Gum: ${age}`);
    expect(screen.getByRole('button', { name: 'Place order and pay' })).toBeDisabled();
  });

  it('an order nothing holds back: no questions, no pharmacist notice', async () => {
    serve(cartOf([plain]));
    open();
    expect(await screen.findByRole('button', { name: 'Place order and pay' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'A pharmacist checks this order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Questions from our pharmacist' })).not.toBeInTheDocument();
  });
});

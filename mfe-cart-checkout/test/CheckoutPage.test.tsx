import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSULTATION_QUESTIONS, safetyBlockMessage, type Cart } from '@pharmacy/contracts';
import CheckoutPage from '../src/exposes/CheckoutPage';
import { fakeApi, renderWithStore, shopper, type ApiCall, type FakeReply } from '@pharmacy/test-kit';
import { address, cartOf, deliveryOptions, line, totalsOf } from './fixtures';

const NSAID = 'Contains ibuprofen, an NSAID; you told us you are allergic to NSAIDs.';
const pharmacyMedicine = line({ productId: 'p-chl', title: 'Chloramphenicol Eye Drops', pharmacyOnly: true });
const warned = line({ productId: 'p-ibu', title: 'Ibuprofen 200mg', warnings: [NSAID] });
const plain = line({ productId: 'p-vit', title: 'Vitamin C' });

/**
 * The shop's API for the checkout page: this cart (its totals priced for the delivery the query asks for), one
 * address, the delivery options, the catalog's unrecognised terms, and order create as given.
 */
function serve(cart: Cart, opts: { create?: (call: ApiCall) => FakeReply; unrecognisedTerms?: string[]; addresses?: unknown[] } = {}) {
  return fakeApi((c) => {
    if (c.url === '/api/payments/config') return { body: { success: true, data: { provider: 'sandbox', testPayments: true } } };
    if (c.url === '/api/shop/delivery/options') return { body: { success: true, data: deliveryOptions } };
    if (c.url.startsWith('/api/shop/address/get/')) return { body: { success: true, data: opts.addresses ?? [address] } };
    if (c.path.startsWith('/api/shop/cart/get/')) {
      const method = (c.query.delivery ?? 'standard') as 'standard' | 'express' | 'collect';
      return { body: { success: true, data: { ...cart, totals: totalsOf(cart.items, method) } } };
    }
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

    const place = screen.getByRole('button', { name: 'Place order and pay' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(/Answer the pharmacist’s questions\./);

    const typed = ['My son', '9', 'none', 'Mild asthma'];
    for (const [i, q] of CONSULTATION_QUESTIONS.entries()) {
      await user.type(within(form).getByRole('textbox', { name: new RegExp(q.question.replace(/[?()]/g, '\\$&')) }), `  ${typed[i]} `);
    }
    expect(place).toBeEnabled();
    expect(place).not.toHaveAccessibleDescription();
    await user.click(place);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toEqual({
      addressId: address._id,
      delivery: { method: 'standard' },
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
    expect(place).toHaveAccessibleDescription(/Tick the safety acknowledgement\./);
    const ack = screen.getByRole('checkbox', { name: 'I have read the safety warnings for Ibuprofen 200mg and want to order it anyway.' });
    await user.click(ack);
    expect(place).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Questions from our pharmacist' })).not.toBeInTheDocument();
    await user.click(place);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toEqual({ addressId: address._id, delivery: { method: 'standard' }, acknowledgeSafetyWarnings: true });
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

describe('delivery and totals', () => {
  const summary = () => screen.getByRole('region', { name: 'Order summary' });
  const priceCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/shop/cart/get/')).map((c) => c.query);

  it('offers each method as a radio, asks the server for each choice and shows its totals in the shop’s currency', async () => {
    const user = userEvent.setup();
    const { calls } = serve(cartOf([line({ productId: 'p-vit', title: 'Vitamin C', quantity: 2, lineTotal: 12.5 })]));
    open();
    const group = await screen.findByRole('group', { name: 'Delivery' });
    const standard = within(group).getByRole('radio', { name: /Standard delivery/ });
    expect(standard).toBeChecked();
    expect(standard.closest('label')).toHaveTextContent('Free on orders over £30.00');
    expect(within(summary()).getByText('Subtotal').nextSibling).toHaveTextContent('£12.50');
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('£16.49');
    expect(summary()).toHaveTextContent('Includes £2.75 VAT (20%)');
    expect(summary()).toHaveTextContent('Add £17.50 more for free standard delivery.');

    await user.click(within(group).getByRole('radio', { name: /Express delivery/ }));
    await waitFor(() => expect(within(summary()).getByTestId('order-total')).toHaveTextContent('£20.49'));
    expect(within(summary()).getByText('Express delivery').nextSibling).toHaveTextContent('£7.99');

    await user.click(within(group).getByRole('radio', { name: /Click and collect/ }));
    await waitFor(() => expect(within(summary()).getByTestId('order-total')).toHaveTextContent('£12.50'));
    expect(within(summary()).getByText('Click and collect').nextSibling).toHaveTextContent('Free');
    // StrictMode runs the first pricing effect twice in tests: a repeat of the same ask is dropped from the comparison
    const asked = priceCalls(calls).map((q) => q.delivery);
    expect(asked.filter((m, i) => m !== asked[i - 1])).toEqual(['standard', 'express', 'collect']);
  });

  it('click and collect needs a pharmacy, chosen from the list with its address and hours, and the order sends it', async () => {
    const user = userEvent.setup();
    const { calls } = serve(cartOf([plain]));
    open();
    await user.click(await screen.findByRole('radio', { name: /Click and collect/ }));
    const pharmacies = screen.getByRole('group', { name: 'Choose a pharmacy' });
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(/Choose a pharmacy for collection\./);
    const station = within(pharmacies).getByRole('radio', { name: /Station Road Pharmacy/ });
    expect(station.closest('label')).toHaveTextContent('3 Station Road, London E2 7QA');
    expect(within(pharmacies).getByRole('list', { name: 'Opening hours of Station Road Pharmacy' })).toHaveTextContent('Mon-Sat 9:00-18:00');
    await user.click(station);
    await waitFor(() => expect(place).toBeEnabled());
    expect(priceCalls(calls).at(-1)).toEqual({ delivery: 'collect', pharmacyId: 'station-road' });
    await user.click(place);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toEqual({ addressId: address._id, delivery: { method: 'collect', pharmacyId: 'station-road' } });
  });

  it('a cart the server says can only be collected offers click and collect only, with its reason, and orders it so', async () => {
    const user = userEvent.setup();
    const reason = 'Controlled and refrigerated medicines are click and collect only';
    const { calls } = serve(cartOf([line({ productId: 'p-ins', title: 'Insulin pen' })], { collectOnly: reason }));
    open();
    const group = await screen.findByRole('group', { name: 'Delivery' });
    expect(group).toHaveAccessibleDescription(reason);
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: /Click and collect/ })).toBeChecked();
    await user.click(within(screen.getByRole('group', { name: 'Choose a pharmacy' })).getByRole('radio', { name: /Station Road Pharmacy/ }));
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toMatchObject({ delivery: { method: 'collect', pharmacyId: 'station-road' } });
  });

  it('the disabled button says to choose a delivery address when there is none', async () => {
    serve(cartOf([plain]), { addresses: [] });
    open();
    const place = await screen.findByRole('button', { name: 'Place order and pay' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('Before you can place the order: Choose a delivery address.');
  });

  it('an address outside the delivery area says why under it and holds the order, until click and collect is chosen', async () => {
    const user = userEvent.setup();
    const belfast = { ...address, _id: 'a-bt', line1: '5 Donegall Square', city: 'Belfast', postalCode: 'BT1 5GS' };
    const { calls } = serve(cartOf([plain]), { addresses: [belfast] });
    open();
    const radio = await screen.findByRole('radio', { name: /5 Donegall Square/ });
    const why = 'We cannot deliver to Northern Ireland (postcodes starting BT). We deliver to England, Scotland and Wales: choose click and collect, or another address.';
    expect(radio).toHaveAccessibleDescription(why);
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('Before you can place the order: Choose an address we deliver to, or click and collect.');

    await user.click(screen.getByRole('radio', { name: /Click and collect/ }));
    await user.click(screen.getByRole('radio', { name: /Station Road Pharmacy/ }));
    expect(screen.queryByText(why)).not.toBeInTheDocument();
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(creates(calls)[0].body).toEqual({ addressId: 'a-bt', delivery: { method: 'collect', pharmacyId: 'station-road' } });
  });

  it('a blocked line is left out of the totals, says why beside it, and the button says to remove it', async () => {
    const age = safetyBlockMessage('UNDER_AGE', 18);
    serve(cartOf([plain, line({ productId: 'p-nic', title: 'Nicotine Gum', price: 1.29, lineTotal: 1.29, problem: age })]));
    open();
    const gum = await screen.findByTestId('cart-line-p-nic');
    expect(within(gum).getByText(age)).toBeInTheDocument();
    expect(within(gum).getByLabelText('Line total for Nicotine Gum')).toHaveTextContent('Not included');
    expect(within(summary()).getByText('Subtotal (1 item not included)').nextSibling).toHaveTextContent('£5.00');
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('£8.99');
    const place = screen.getByRole('button', { name: 'Place order and pay' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(/Remove the items that cannot be ordered\./);
  });

  it('keeps only the answer to the latest choice when an earlier one arrives late', async () => {
    const user = userEvent.setup();
    const cart = cartOf([plain]);
    let releaseExpress: () => void = () => undefined;
    fakeApi((c) => {
      if (c.url === '/api/payments/config') return { body: { success: true, data: { provider: 'sandbox', testPayments: false } } };
      if (c.url === '/api/shop/delivery/options') return { body: { success: true, data: deliveryOptions } };
      if (c.url.startsWith('/api/shop/address/get/')) return { body: { success: true, data: [address] } };
      const method = (c.query.delivery ?? 'standard') as 'standard' | 'express' | 'collect';
      const reply = { body: { success: true, data: { ...cart, totals: totalsOf(cart.items, method) } } };
      if (method === 'express') return new Promise<FakeReply>((resolve) => (releaseExpress = () => resolve(reply)));
      return reply;
    });
    open();
    await user.click(await screen.findByRole('radio', { name: /Express delivery/ }));
    expect(summary()).toHaveAttribute('aria-busy', 'true');
    await user.click(screen.getByRole('radio', { name: /Click and collect/ }));
    await waitFor(() => expect(within(summary()).getByTestId('order-total')).toHaveTextContent('£5.00'));
    releaseExpress();
    await new Promise((r) => setTimeout(r, 50));
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('£5.00');
    expect(summary()).not.toHaveAttribute('aria-busy');
  });
});

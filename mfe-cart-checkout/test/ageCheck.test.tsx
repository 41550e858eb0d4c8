import { getInstance } from '@module-federation/enhanced/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDispatch } from 'react-redux';
import { ADD_DOB_TO_BUY, safetyBlockMessage, type Cart, type CartLine, type DateOfBirthDialogProps, type ProductSafety } from '@pharmacy/contracts';
import { updateUserSuccess, type SessionUser } from '@pharmacy/session';
import AddToCart from '../src/exposes/AddToCart';
import CartPage from '../src/exposes/CartPage';
import { fakeApi, makeProduct, renderWithStore, shopper, type ApiCall } from '@pharmacy/test-kit';
import { cartOf, line } from './fixtures';

// docs/product.md#safety-while-shopping: an unknown age is not a refusal. Where a product has a minimum age and the
// shopper's date of birth is unknown, the reason says to add it, and the account's dialog (account/DateOfBirthDialog,
// loaded through the host) saves it; then the add that waited goes through, or the server says the shopper is too
// young. The server still checks every add.

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const noDob: SessionUser = { ...shopper, DOB: undefined };
const DOB = '2001-04-02';

/** The account's dialog as the host serves it: saving stores the date on the profile (as its session update does). */
function FakeDateOfBirthDialog({ productTitle, onSaved, onCancel }: DateOfBirthDialogProps) {
  const dispatch = useDispatch();
  return (
    <div role="dialog" aria-label="Add your date of birth">
      <p>{productTitle}</p>
      <button
        type="button"
        onClick={() => {
          dispatch(updateUserSuccess({ ...noDob, DOB }));
          onSaved(DOB);
        }}
      >
        Save {DOB}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

const loadRemote = jest.fn();
beforeEach(() => {
  loadRemote.mockReset();
  loadRemote.mockImplementation(async () => ({ default: FakeDateOfBirthDialog }));
  (getInstance as jest.Mock).mockReturnValue({ name: 'host', loadRemote });
});
afterEach(() => localStorage.clear());

const gum = makeProduct({ _id: 'p-nic', title: 'Nicotine Gum', minAge: 16, totalStock: 20 });
const unknownAge: ProductSafety = { productId: gum._id, warnings: [], blocked: { code: 'NO_DOB', message: safetyBlockMessage('NO_DOB', 16) } };

/** The checkout service: the add answers as `adds` says (after the date of birth: in the cart, or too young). */
function serve(adds: (call: ApiCall) => { status?: number; body: unknown }) {
  return fakeApi((call) => {
    if (call.path === '/api/shop/cart/add') return adds(call);
    return { body: { success: true, data: cartOf([], { userId: noDob._id }) } };
  });
}
const added = (call: ApiCall) => ({
  body: { success: true, data: cartOf([line({ productId: gum._id, title: gum.title, quantity: (call.body as { quantity: number }).quantity })]) },
});
const tooYoung = () => ({ status: 422, body: { success: false, code: 'AGE_RESTRICTED', message: safetyBlockMessage('UNDER_AGE', 16) } });

describe('an unknown age on the product page', () => {
  it(`reads "${ADD_DOB_TO_BUY}", never "Not for you", and Add to cart asks for it, saves it and carries on with the add`, async () => {
    const user = userEvent.setup();
    const { calls } = serve(added);
    renderWithStore(<AddToCart product={gum} safety={unknownAge} />, { user: noDob });
    const button = screen.getByRole('button', { name: 'Add to cart' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(`${ADD_DOB_TO_BUY}: it is sold from age 16.`);
    expect(screen.queryByText(/Not for you/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(button);
    // nothing is sent before the date of birth is known: the server would only refuse
    const dialog = await screen.findByRole('dialog', { name: 'Add your date of birth' });
    expect(loadRemote).toHaveBeenCalledWith('account/DateOfBirthDialog');
    expect(within(dialog).getByText('Nicotine Gum')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/shop/cart/add')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: `Save ${DOB}` }));
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/shop/cart/add').map((c) => c.body)).toEqual([{ userId: noDob._id, productId: gum._id, quantity: 2 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the date is known now: the catalog's old answer no longer stands in the way
    expect(screen.queryByText(new RegExp(ADD_DOB_TO_BUY))).not.toBeInTheDocument();
  });

  it('once the date of birth says the shopper is too young, the server’s refusal shows and the button is disabled', async () => {
    const user = userEvent.setup();
    serve(tooYoung);
    renderWithStore(<AddToCart product={gum} safety={unknownAge} />, { user: noDob });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: `Save ${DOB}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be at least 16 to buy this.');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('Cancel adds nothing and keeps the offer', async () => {
    const user = userEvent.setup();
    const { calls } = serve(added);
    renderWithStore(<AddToCart product={gum} safety={unknownAge} />, { user: noDob });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/shop/cart/add')).toBe(false);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription(`${ADD_DOB_TO_BUY}: it is sold from age 16.`);
  });

  it('a refusal for want of a date of birth (no safety answer yet) turns into the same offer', async () => {
    const user = userEvent.setup();
    let answered = 0;
    const { calls } = serve((call) => {
      answered += 1;
      return answered === 1 ? { status: 422, body: { success: false, code: 'AGE_RESTRICTED', message: safetyBlockMessage('NO_DOB', 16) } } : added(call);
    });
    renderWithStore(<AddToCart product={gum} />, { user: noDob });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${ADD_DOB_TO_BUY}: it is sold from age 16.`);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: `Save ${DOB}` }));
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/shop/cart/add')).toHaveLength(2);
  });
});

describe('an unknown age on a listing card', () => {
  it('says to add the date of birth above a button that asks for it, then adds one', async () => {
    const user = userEvent.setup();
    const { calls } = serve(added);
    renderWithStore(<AddToCart product={gum} variant="compact" safety={unknownAge} />, { user: noDob });
    const button = screen.getByRole('button', { name: 'Add to cart: Nicotine Gum' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(`${ADD_DOB_TO_BUY}: it is sold from age 16.`);
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: `Save ${DOB}` }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/shop/cart/add').map((c) => c.body)).toEqual([{ userId: noDob._id, productId: gum._id, quantity: 1 }]));
  });
});

describe('an unknown age on a cart line', () => {
  it('offers the dialog on the line and where checkout is blocked, asking to add it rather than remove the line; saving asks the cart again', async () => {
    const user = userEvent.setup();
    const waiting = line({ productId: 'p-nic', title: 'Nicotine Gum', problem: safetyBlockMessage('NO_DOB', 16), problemCode: 'NO_DOB' });
    const old = line({ productId: 'p-old', title: 'Old Syrup', available: false, maxQuantity: 0, problem: 'This product is no longer sold.' });
    let cart: Cart = cartOf([waiting, old], { canCheckout: false });
    const { calls } = fakeApi(() => ({ body: { success: true, data: cart } }));
    renderWithStore(<CartPage />, { url: '/cart', user: noDob });

    const gumLine = await screen.findByTestId('cart-line-p-nic');
    expect(within(gumLine).getByText(`${ADD_DOB_TO_BUY}: it is sold from age 16.`)).toBeInTheDocument();
    const problems = screen.getByRole('alert');
    expect(problems).toHaveTextContent(`Add your date of birth to check out with:Nicotine Gum: ${ADD_DOB_TO_BUY}: it is sold from age 16.`);
    expect(problems).toHaveTextContent('Remove or change these items before checking out:Old Syrup: This product is no longer sold.');
    expect(within(problems).getByRole('button', { name: 'Add your date of birth' })).toBeInTheDocument();

    const loads = () => calls.filter((c) => c.path === `/api/shop/cart/get/${noDob._id}`).length;
    const before = loads();
    cart = cartOf([{ ...waiting, problem: undefined, problemCode: undefined } as CartLine], { canCheckout: true });
    await user.click(within(gumLine).getByRole('button', { name: 'Add your date of birth' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: `Save ${DOB}` }));
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled());
    expect(screen.queryByText(new RegExp(ADD_DOB_TO_BUY))).not.toBeInTheDocument();
  });
});

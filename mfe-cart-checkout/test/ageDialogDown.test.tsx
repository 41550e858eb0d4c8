import { getInstance } from '@module-federation/enhanced/runtime';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAILED_REMOTE, safetyBlockMessage, type ProductSafety } from '@pharmacy/contracts';
import AddToCart from '../src/exposes/AddToCart';
import { fakeApi, makeProduct, renderWithStore, shopper } from '@pharmacy/test-kit';
import { cartOf } from './fixtures';

// The account's date-of-birth dialog is loaded once per page load and kept: this file is a page load where the
// account remote is down (the host answers its stand-in), so the age check points to the profile instead.

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

test('when the account’s dialog cannot be loaded, the way to the profile stands in its place', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const loadRemote = jest.fn(async () => ({ default: () => <h2>This section is temporarily unavailable</h2>, [FAILED_REMOTE]: true }));
  (getInstance as jest.Mock).mockReturnValue({ name: 'host', loadRemote });
  const { calls } = fakeApi(() => ({ body: { success: true, data: cartOf([]) } }));
  const gum = makeProduct({ title: 'Nicotine Gum', minAge: 16, totalStock: 20 });
  const safety: ProductSafety = { productId: gum._id, warnings: [], blocked: { code: 'NO_DOB', message: safetyBlockMessage('NO_DOB', 16) } };
  renderWithStore(<AddToCart product={gum} safety={safety} />, { user: { ...shopper, DOB: undefined } });

  await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByRole('link', { name: 'add your date of birth in your profile' })).toHaveAttribute('href', '/profile');
  expect(screen.queryByText('This section is temporarily unavailable')).not.toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('account/DateOfBirthDialog');
  expect(calls.some((c) => c.path === '/api/shop/cart/add')).toBe(false);
});

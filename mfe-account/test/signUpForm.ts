import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Fills the sign-up form as Ada Lovelace would and creates the account (registration does not sign in). */
export async function createAccount(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Analytical-1');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Analytical-1');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_LIMITS } from '@pharmacy/contracts';
import { ChangePasswordPage } from '../src/password/ChangePasswordPage';
import { NeedHelpPage } from '../src/support/NeedHelpPage';
import { SuggestIdeaPage } from '../src/support/SuggestIdeaPage';
import { fakeApi, renderWithStore, shopper } from '@pharmacy/test-kit';

afterEach(() => jest.restoreAllMocks());

describe('ChangePasswordPage', () => {
  it('checks the new password as it is typed and sends both passwords', async () => {
    const { calls } = fakeApi(() => ({ body: { success: true, data: null, message: 'Your password has been changed. Other devices have been signed out.' } }));
    const user = userEvent.setup();
    renderWithStore(<ChangePasswordPage />, { path: '/change-password', user: shopper });
    await user.type(screen.getByLabelText(/^Current password/), 'Analytical-1');
    await user.type(screen.getByLabelText(/^New password/), 'Analytical-1');
    expect(screen.getByText('The new password must be different from the current one.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'Difference-engine-2');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Difference-engine-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/account/change-password', body: { currentPassword: 'Analytical-1', newPassword: 'Difference-engine-2' } });
    expect((await screen.findAllByText('Password changed')).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it("shows the server's message for a wrong current password", async () => {
    fakeApi(() => ({ status: 400, body: { success: false, code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' } }));
    const user = userEvent.setup();
    renderWithStore(<ChangePasswordPage />, { path: '/change-password', user: shopper });
    await user.type(screen.getByLabelText(/^Current password/), 'Guess-it-1');
    await user.type(screen.getByLabelText(/^New password/), 'Difference-engine-2');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Difference-engine-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
  });
});

describe('NeedHelpPage and SuggestIdeaPage', () => {
  it('sends a help request about the order named in the link', async () => {
    const { calls } = fakeApi(() => ({ status: 201, body: { success: true, data: { _id: 't1', kind: 'help', createdAt: '' }, message: 'Thanks, we have your request.' } }));
    const user = userEvent.setup();
    renderWithStore(<NeedHelpPage />, { path: '/need-help', url: '/need-help?orderId=order-42', user: shopper });
    expect(screen.getByLabelText(/^Order number/)).toHaveValue('order-42');
    await user.type(screen.getByLabelText(/^Subject/), 'Hi');
    expect(screen.getByText('Subject must be at least 3 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Subject/), ' there');
    await user.type(screen.getByLabelText(/^How can we help/), '  My parcel has not arrived yet. ');
    // Counted as the server counts it: without the spaces around.
    expect(screen.getByText(`30/${ACCOUNT_LIMITS.messageMax} characters`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(calls[0]).toMatchObject({ url: '/api/account/need-help', body: { subject: 'Hi there', message: 'My parcel has not arrived yet.', orderId: 'order-42' } });
    expect((await screen.findAllByText('Thanks, we have your request.')).length).toBeGreaterThan(0);
  });

  it('takes the order number as My orders writes it (#FC34A420) and sends it without the #', async () => {
    const { calls } = fakeApi(() => ({ status: 201, body: { success: true, data: { _id: 't2', kind: 'help', createdAt: '' }, message: 'Thanks, we have your request.' } }));
    const user = userEvent.setup();
    renderWithStore(<NeedHelpPage />, { path: '/need-help', url: '/need-help?orderId=%23FC34A420', user: shopper });
    expect(screen.getByLabelText(/^Order number/)).toHaveValue('#FC34A420');
    await user.type(screen.getByLabelText(/^Subject/), 'Late parcel');
    await user.type(screen.getByLabelText(/^How can we help/), 'My parcel has not arrived yet.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findAllByText('Thanks, we have your request.');
    expect(calls[0]).toMatchObject({ body: { orderId: 'FC34A420' } });

    await user.type(screen.getByLabelText(/^Order number/), '#FC34 A420');
    expect(screen.getByText('The order number is not valid. Copy it from My orders, or leave it empty.')).toBeInTheDocument();
  });

  it('sends an idea and shows the server message on failure', async () => {
    fakeApi(() => ({ status: 429, body: { success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 60 seconds and try again.' } }));
    const user = userEvent.setup();
    renderWithStore(<SuggestIdeaPage />, { path: '/suggest-idea', user: shopper });
    expect(document.title).toBe('Suggest an idea | Pharmacy');
    await user.type(screen.getByLabelText(/^Title/), 'Refill reminders');
    await user.type(screen.getByLabelText(/^Your idea/), 'Remind me before my inhaler runs out.');
    expect(screen.getByText(`37/${ACCOUNT_LIMITS.ideaDescriptionMax} characters`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send idea' }));
    expect(await screen.findByText('Too many attempts. Please wait 60 seconds and try again.')).toBeInTheDocument();
  });
});

import type { Browser } from 'playwright-core';
import { baseUrl, launch, newContext, trackErrors } from '../setup/browser';
import { registerShopper, signIn } from '../setup/journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('a forgotten password on the default install (no mail server)', () => {
  it('finds the reset mail through the confirmation’s mailbox link, sets a new password and signs in with it', async () => {
    const shopper = await registerShopper(baseUrl(), 'Ingrid');
    const context = await newContext(browser, { width: 375, height: 812, touch: true });
    const page = await context.newPage();
    const errors = trackErrors(page);

    await page.goto('/forgot-password');
    const ask = page.getByRole('form', { name: 'Forgot password' });
    await ask.getByLabel('Email').fill(shopper.email);
    await ask.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('No mail server is set up here:').waitFor();
    await page.getByRole('link', { name: 'open the mailbox' }).click();

    // The dev mailbox (a server page): the newest mail to this shopper is the reset mail.
    await page.waitForURL('**/dev/mailbox');
    await page.getByRole('heading', { name: 'Dev mailbox' }).waitFor();
    await page
      .getByRole('list', { name: 'Mails, newest first' })
      .getByRole('link')
      .filter({ hasText: shopper.email })
      .filter({ hasText: 'Reset your Pharmacy & Care password' })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Reset your Pharmacy & Care password' }).waitFor();
    const reset = page.getByRole('region', { name: 'Message text' }).getByRole('link', { name: /\/reset-password/ });
    await reset.click();

    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
    const newPassword = 'Amber-harbour-93';
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Reset password' }).click();
    // Success ends every session and sends the shopper to sign in with the new password.
    await page.waitForURL((url) => url.pathname === '/sign-in');

    await signIn(page, { email: shopper.email, password: newPassword });
    const me = await context.request.get('/api/auth/me');
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(shopper.email);
    expect(errors).toEqual([]);
    await context.close();
  });
});

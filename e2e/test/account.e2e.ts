import type { Browser } from 'playwright-core';
import { DEMO_ADMIN, launch, newContext, trackErrors } from '../setup/browser';
import { openAccountMenu, signIn, signInAfterSignUp, signOut, signUp, uniqueEmail } from '../setup/journeys';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('account journeys in the browser', () => {
  it('signs up (without being signed in), signs in, edits the profile, sees it after reload, signs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const user = { firstName: 'Amara', lastName: 'Okafor', email: uniqueEmail('amara'), password: 'Calm-river-2024' };

    await signUp(page, user);
    // registration never authenticates: the header still offers sign-in
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();

    // the first sign-in after sign-up offers the optional health profile step, saying why; skipping goes on
    await signInAfterSignUp(page, user);
    await page.getByText(/We check every medicine against your allergies and conditions/).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.getByRole('button', { name: /Amara/ }).waitFor();

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Last name').fill('Okafor-Reid');
    await form.getByLabel('Phone').fill('+44 20 7946 0958');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Amara Okafor-Reid').waitFor();

    await page.reload();
    await page.getByText('Amara Okafor-Reid').waitFor();
    await page.getByText('+44 20 7946 0958').waitFor();

    await signOut(page, 'Amara');
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('returnTo') === '/profile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor from a guarded route to /sign-in, naming the page to return to', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/my-orders', '/secure/checkout', '/change-password']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('returnTo') === path);
    }
    await context.close();
  });

  it('sends a signed-in shopper away from /admin, and lets the demo admin in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const user = { firstName: 'Noor', lastName: 'Haddad', email: uniqueEmail('noor'), password: 'Quiet-forest-77' };
    await signUp(page, user);
    await signInAfterSignUp(page, user);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await context.close();

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signIn(admin, DEMO_ADMIN);
    await openAccountMenu(admin, 'Demo');
    await admin.getByRole('link', { name: 'Admin' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByText('Admin Panel').first().waitFor();
    await adminContext.close();
  });
});

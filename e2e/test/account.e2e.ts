import type { Browser } from 'playwright-core';
import { DEMO_ADMIN, PHONE, launch, newContext, trackErrors } from '../setup/browser';
import { chooseInAccountMenu, registerShopper, signIn, signInAfterSignUp, signOut, signUp, uniqueEmail } from '../setup/journeys';
import { startServer, type RunningServer } from '../setup/server';
import { violations } from '../setup/axe';

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
    await chooseInAccountMenu(admin, 'Demo', 'Admin');
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByText('Admin Panel').first().waitFor();
    await adminContext.close();
  });
});

describe('signing in while the shop is under a credential-stuffing attack', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A shop whose sign-in check turns on after 2 failed sign-ins a minute (30 by default), then 3 stolen guesses.
    server = await startServer({ env: { LOGIN_FAILURES_PER_MINUTE: '2' } });
    for (let i = 0; i < 3; i++) {
      const guess = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `stolen-${i}@example.com`, password: 'Leaked-password-1' }),
      });
      expect(guess.status).toBe(401);
    }
  });
  afterAll(() => server?.stop());

  it('a shopper on a phone signs in from a new device: the page solves the check by itself, showing its progress', async () => {
    const shopper = await registerShopper(server.url, 'Ines');

    const context = await newContext(browser, { ...PHONE, base: server.url });
    const page = await context.newPage();
    const errors = trackErrors(page);
    const opened = Date.now();
    await page.goto('/sign-in');
    const check = page.getByRole('group', { name: 'Security check' });
    await check.getByRole('progressbar', { name: 'Security check' }).waitFor();
    await check.getByText('You do not need to do anything').waitFor();
    // The shopper types meanwhile; the check finishes by itself, without a script or a request to anyone else.
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(shopper.email);
    await form.getByLabel('Password').fill(shopper.password);
    await check.getByText('Done').waitFor({ timeout: 60_000 });
    const solvedInMs = Date.now() - opened;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    const origins = await page.evaluate(() => [
      ...new Set(performance.getEntriesByType('resource').filter((e) => e.name.startsWith('http')).map((e) => new URL(e.name).origin)),
    ]);
    expect(origins).toEqual([new URL(server.url).origin]);
    expect(errors).toEqual([]);
    await context.close();
    // What a shopper waits at worst on this machine's headless Chromium (a phone is slower, a laptop faster).
    console.info(`sign-in check solved ${solvedInMs} ms after the page opened`);
  });

  it('the security check has no accessibility violations on a phone', async () => {
    // axe is injected by the test only (the shop's CSP allows no inline script)
    const context = await newContext(browser, { ...PHONE, base: server.url, bypassCSP: true });
    const page = await context.newPage();
    expect(await violations(page, '/sign-in', (p) => p.getByRole('group', { name: 'Security check' }).waitFor())).toEqual([]);
    await context.close();
  });
});

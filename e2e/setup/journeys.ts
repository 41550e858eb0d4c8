import type { Page } from 'playwright-core';

/** Steps several journeys share, written the way a shopper does them. */
export async function signIn(page: Page, creds: { email: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(creds.email);
  await form.getByLabel('Password').fill(creds.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

export async function signUp(page: Page, user: { firstName: string; lastName: string; email: string; password: string }): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByLabel('Confirm password').fill(user.password);
  await form.getByRole('button', { name: /create/i }).click();
  await page.waitForURL('**/sign-in');
}

export async function openAccountMenu(page: Page, firstName: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(firstName) }).click();
}

export async function signOut(page: Page, firstName: string): Promise<void> {
  await openAccountMenu(page, firstName);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, newContext, trackErrors } from '../setup/browser';
import { REPO_ROOT, linkedBuild, startServer, type RunningServer } from '../setup/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type Copies = Record<string, unknown>;

describe('module federation in the browser', () => {
  it('loads exactly one React and one styled-components sheet across the host and every remote', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    // home loads the catalog widgets and the cart badge; the account remote loads on an in-app navigation
    // (a full page load would start a new window and lose what the earlier bundles recorded)
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await page.waitForFunction(() => {
      const copies = (window as unknown as { __PHARMACY_REACT__?: Copies }).__PHARMACY_REACT__ ?? {};
      return ['host', 'catalog', 'cartCheckout', 'account'].every((k) => k in copies);
    });
    const result = await page.evaluate(() => {
      const copies = (window as unknown as { __PHARMACY_REACT__: Copies }).__PHARMACY_REACT__;
      const host = copies.host;
      return {
        names: Object.keys(copies).sort(),
        allSame: Object.values(copies).every((react) => react === host),
        styledSheets: document.querySelectorAll('style[data-styled]').length,
      };
    });
    expect(result.names).toEqual(expect.arrayContaining(['account', 'cartCheckout', 'catalog', 'host']));
    expect(result.allSame).toBe(true);
    expect(result.styledSheets).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('when one remote’s files are gone', () => {
    let server: RunningServer;
    let staticRoot: string;
    beforeAll(async () => {
      // the built apps, less the catalog remote (as if its team's deployment were missing)
      staticRoot = linkedBuild('pharmacy-no-catalog-', ['mfe-catalog']);
      server = await startServer({ staticRoot });
    });
    afterAll(async () => {
      await server?.stop();
      fs.rmSync(staticRoot, { recursive: true, force: true });
    });

    it('shows the fallback with Retry on that remote’s routes only; the rest of the app works', async () => {
      const context = await newContext(browser, { base: server.url });
      const page = await context.newPage();
      await page.goto('/pharmacy/products');
      await page.getByText('This section is temporarily unavailable').waitFor();
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      // header and footer still render; another remote's route still works
      await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      await page.goto('/sign-in');
      await page.getByRole('form', { name: 'Sign in' }).waitFor();
      await page.goto('/our-story');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText('This section is temporarily unavailable').count()).toBe(0);
      await context.close();
    });

    it('loads the remote with ONE press of Retry once its files are back, header search included', async () => {
      const context = await newContext(browser, { base: server.url });
      const page = await context.newPage();
      const errors = trackErrors(page);
      const entryRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/mfe/catalog/remoteEntry.js')) entryRequests.push(request.url());
      });
      await page.goto('/pharmacy/products');
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor();
      expect(await page.getByRole('search').count()).toBe(0);
      // the page holds a failed preload of the entry, as a preload hint sent with the page leaves it (the gateway's
      // own, before it learnt to skip a missing entry, or a proxy's): the browser would hand that 404 to a retry
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', href: '/mfe/catalog/remoteEntry.js' });
            link.onerror = () => resolve();
            link.onload = () => resolve();
            document.head.append(link);
          }),
      );

      // the catalog team's files are deployed again while the page stays open
      fs.mkdirSync(path.join(staticRoot, 'mfe-catalog'));
      fs.symlinkSync(path.join(REPO_ROOT, 'mfe-catalog', 'dist'), path.join(staticRoot, 'mfe-catalog', 'dist'));
      await retry.click();

      // one press: the listing renders, with no second Retry in between
      await page.getByRole('list', { name: 'Products' }).waitFor({ timeout: 15_000 });
      expect(await page.getByText('This section is temporarily unavailable').count()).toBe(0);
      // the header's search (the same remote, failed at page load) came back with it
      await page.getByRole('search').waitFor();
      // the entry was fetched afresh, never the failed (or preloaded) response of the page load
      const afterRetry = entryRequests.filter((url) => new URL(url).searchParams.has('retry'));
      console.log(`[federation] catalog entry requests: ${JSON.stringify(entryRequests.map((u) => new URL(u).pathname + new URL(u).search))}`);
      expect(afterRetry).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});

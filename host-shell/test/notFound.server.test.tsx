/** @jest-environment node */
// The host's server render (what the gateway sends for a page: docs/architecture.md#server-rendering) answers a path
// the shop does not have with the home page, the not-found notice, status 404 and noindex.
import { MARKETS, MARKET_PATH } from '@pharmacy/contracts';
import { configureServerApi, renderPage } from '../src/server';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), getInstance: jest.fn(() => null) }));

const render = (url: string) =>
  renderPage({ url, origin: 'https://shop.example', remote: () => undefined, onSlotError: () => undefined });

beforeAll(() => {
  // the market the page is written for, and no other public data (what a server with none to give answers)
  configureServerApi((async (input: string | URL | Request) =>
    String(input).endsWith(MARKET_PATH)
      ? new Response(JSON.stringify({ success: true, data: MARKETS.GB }), { status: 200 })
      : new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), { status: 404 })) as typeof fetch);
});

describe('the server render of a path the shop does not have', () => {
  it('is the home page with the not-found notice, answered 404 and kept out of search engines', async () => {
    const page = await render('/nope-404');
    expect(page.status).toBe(404);
    expect(page.head).toMatchObject({ robots: 'noindex', title: expect.stringMatching(/^Page not found/) });
    expect(page.html).toContain('Your pharmacy, delivered with care');
    expect(page.html).toContain('We couldn&#x27;t find that page.');
  });

  it('answers the home page itself 200, indexed, with no notice', async () => {
    const page = await render('/');
    expect(page.status).toBe(200);
    expect(page.head.robots).toBeUndefined();
    expect(page.html).toContain('Your pharmacy, delivered with care');
    expect(page.html).not.toContain('find that page');
  });
});

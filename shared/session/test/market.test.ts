// The market is read once per page: from the data the server inlined (no request on first paint), else asked for
// once; views read it synchronously afterwards.
import { MARKETS } from '@pharmacy/contracts';

type MarketModule = typeof import('../src/market');

/** A fresh page: the module's state and the document's inlined data start over. */
async function page(inlined?: object): Promise<MarketModule> {
  document.body.innerHTML = inlined ? `<script id="page-data" type="application/json">${JSON.stringify(inlined)}</script>` : '';
  let mod: MarketModule | undefined;
  await jest.isolateModulesAsync(async () => {
    mod = await import('../src/market');
  });
  return mod!;
}

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
});

describe('the market of a page', () => {
  it('comes from the data the server inlined, without a request', async () => {
    const market = await page({ '/api/common/market': { data: MARKETS.IE } });
    await expect(market.loadMarket()).resolves.toEqual(MARKETS.IE);
    expect(market.useMarket()).toEqual(MARKETS.IE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is asked for once when the page came without it (rendered in the browser)', async () => {
    const body = JSON.stringify({ success: true, data: MARKETS.GB });
    fetchMock.mockResolvedValue({ ok: true, status: 200, headers: { get: () => 'application/json', has: () => true }, text: async () => body, json: async () => JSON.parse(body) });
    const market = await page();
    await expect(market.loadMarket()).resolves.toEqual(MARKETS.GB);
    await market.loadMarket();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/common/market');
    expect(market.useMarket().currency).toBe('GBP');
  });

  it('says plainly when a view reads it before it was loaded', async () => {
    const market = await page();
    expect(() => market.useMarket()).toThrow('The market is read before it was loaded: the host loads it (loadMarket) before its first render.');
  });
});

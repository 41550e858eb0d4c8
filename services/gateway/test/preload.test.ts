import { preloadLinks } from '../src/static-files';

describe('preload hints sent with every page', () => {
  it('name a header remote deployed elsewhere by its configured manifest, leaving its entry to the runtime', () => {
    const links = preloadLinks({ root: '/srv', remoteUrls: { catalog: 'https://catalog.example.com/mf-manifest.json' } });
    expect(links).toContain('<https://catalog.example.com/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(links).not.toContain('/mfe/catalog/');
    // the other header remote is still served from here
    expect(links).toContain('</mfe/cart-checkout/remoteEntry.js>; rel=preload; as=script');
    // pages that no header widget needs load on demand
    expect(links).not.toContain('admin');
    expect(links).not.toContain('account');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName } from '@pharmacy/contracts';
import type { RegistryEntry } from '../src/remotes/registry';
import { preloadLinks } from '../src/static-files';

const entry = (manifestUrl: string): RegistryEntry => ({ manifestUrl, buildInfo: { remoteEntry: 'remoteEntry.js' }, deployedAt: '', deployedBy: 'seed' });

describe('preload hints sent with every page', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-preload-'));
  fs.mkdirSync(path.join(root, 'mfe-cart-checkout/dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'mfe-cart-checkout/dist/remoteEntry.js'), '');

  it('name a header remote deployed elsewhere by its live manifest, leaving its entry to the runtime', () => {
    const live = new Map<RemoteName, RegistryEntry>([
      ['catalog', entry('https://catalog.example.com/mf-manifest.json')],
      ['cartCheckout', entry('/mfe/cart-checkout/mf-manifest.json')],
      ['account', entry('/mfe/account/mf-manifest.json')],
    ]);
    const links = preloadLinks(live, root);
    expect(links).toContain('<https://catalog.example.com/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(links).not.toContain('/mfe/catalog/');
    // the other header remote is still served from here
    expect(links).toContain('</mfe/cart-checkout/remoteEntry.js>; rel=preload; as=script');
    // pages that no header widget needs load on demand
    expect(links).not.toContain('admin');
    expect(links).not.toContain('account');
  });

  it('leave out the entry of a build served here whose file is missing, so a 404 is never preloaded', () => {
    const live = new Map<RemoteName, RegistryEntry>([
      ['catalog', entry('/mfe/catalog/mf-manifest.json')],
      ['cartCheckout', entry('/mfe/cart-checkout/mf-manifest.json')],
    ]);
    const links = preloadLinks(live, root);
    expect(links).toContain('</mfe/catalog/mf-manifest.json>; rel=preload');
    expect(links).not.toContain('</mfe/catalog/remoteEntry.js>');
    expect(links).toContain('</mfe/cart-checkout/remoteEntry.js>; rel=preload; as=script');
  });
});

// The page's Content-Security-Policy gains the origins of remotes served elsewhere; an SVG from /api/media (the
// seeded demo images) keeps the policy that lets it run nothing, whatever is live.
import { bearer, DEPLOY_TOKENS, FakeRemoteOrigin, fakeManifest, startGateway, type TestGateway } from './remotes';

let gw: TestGateway;
let cdn: FakeRemoteOrigin;

beforeAll(async () => {
  gw = await startGateway({ env: { CATALOG_SEED: 'true' } });
  cdn = await new FakeRemoteOrigin().start('http://localhost:5000');
}, 60_000);
afterAll(async () => {
  await gw?.app.close();
  await cdn?.close();
});

it('a seeded SVG image keeps default-src \'none\' while a remote on another origin is live', async () => {
  const url = cdn.put('v2', fakeManifest('catalog', { buildVersion: '0.2.0' }));
  const deployed = await gw.app.inject({ method: 'PUT', url: '/api/admin/remotes/catalog', headers: bearer(DEPLOY_TOKENS.catalog), payload: { manifestUrl: url } });
  expect(deployed.statusCode).toBe(200);

  const page = await gw.app.inject({ url: '/pharmacy/products', headers: { accept: 'text/html' } });
  expect(page.headers['content-security-policy']).toContain(cdn.origin);

  const [product] = (await gw.app.inject('/api/shop/products/get?limit=1')).json().data as Array<{ image: string }>;
  const image = await gw.app.inject(product.image);
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/svg+xml');
  expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  expect(image.headers['x-content-type-options']).toBe('nosniff');
});

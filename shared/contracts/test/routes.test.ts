import { AccountRoutes, CatalogRoutes, CheckoutRoutes, pathTo, route } from '../src';

// docs/architecture.md#routes: a client builds every URL from the route table, so a path the service registers is
// the path the client calls, with each value encoded into its own segment.

describe('the route table', () => {
  it('fills each :name of a path with its value, encoded', () => {
    expect(pathTo(CheckoutRoutes.cart.remove, { userId: 'u 1', productId: 'a/b' })).toBe('/api/shop/cart/u%201/a%2Fb');
    expect(pathTo(AccountRoutes.internal.safetyProfile, { id: '../admin' })).toBe('/internal/account/users/..%2Fadmin/safety-profile');
  });

  it('adds the query’s defined values and leaves a path without params as it is', () => {
    expect(pathTo(CatalogRoutes.products.list, undefined, { page: 2, limit: 20, category: undefined })).toBe('/api/shop/products/get?page=2&limit=20');
    expect(pathTo(AccountRoutes.internal.usersByEmail, undefined, { email: 'a+b@x.test' })).toBe('/internal/account/users/by-email?email=a%2Bb%40x.test');
    expect(pathTo(CheckoutRoutes.payments.config)).toBe('/api/payments/config');
  });

  it('refuses to build a URL with a param missing rather than call a wrong route', () => {
    const r = route<unknown>()('GET', '/api/x/:id');
    expect(() => pathTo(r, {} as { id: string })).toThrow('GET /api/x/:id: no value for :id');
  });
});

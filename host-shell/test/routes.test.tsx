import type { RouteObject } from 'react-router-dom';
import { routes } from '../src/app/routes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), getInstance: jest.fn() }));

interface Flat {
  path: string;
  guarded: boolean;
}

/** Full paths of the route table, and whether a RequireAuth element sits above each. */
function flatten(list: RouteObject[], parent = '', guarded = false): Flat[] {
  return list.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? `${parent.replace(/\/$/, '')}/${route.path}`.replace(/^\/\//, '/') : parent;
    const element = route.element as { type?: { name?: string } } | undefined;
    const isGuard = element?.type?.name === 'RequireAuth';
    const here = guarded || isGuard;
    const self = route.path || route.index ? [{ path: path || '/', guarded: here }] : [];
    return [...self, ...flatten(route.children ?? [], path, here)];
  });
}

const PUBLIC_ROUTES = [
  '/',
  '/partners',
  '/our-story',
  '/pharmacy',
  '/where-we-serve',
  '/care',
  '/pharmacy/products',
  '/pharmacy/product/:productId',
  '/cart',
  '/signup',
  '/sign-in',
  '/forgot-password',
  '/reset-password',
];
const SIGNED_IN_ROUTES = ['/my-orders', '/profile', '/address', '/change-password', '/secure/checkout', '/need-help', '/suggest-idea'];
const ADMIN_ROUTES = ['/admin', '/admin/dashboard', '/admin/products', '/admin/orders', '/admin/users'];

describe('route table', () => {
  const table = flatten(routes);
  const find = (path: string) => table.find((r) => r.path === path);

  it.each(PUBLIC_ROUTES)('declares the public route %s without a guard', (path) => {
    expect(find(path)).toEqual({ path, guarded: false });
  });

  it.each([...SIGNED_IN_ROUTES, '/secure/checkout/return', '/secure/checkout/cancel'])('declares %s behind the sign-in guard', (path) => {
    expect(find(path)).toEqual({ path, guarded: true });
  });

  it.each(ADMIN_ROUTES)('declares the admin route %s behind the guard', (path) => {
    expect(find(path)).toEqual({ path, guarded: true });
  });

  it('has a catch-all route', () => {
    expect(find('/*')).toEqual({ path: '/*', guarded: false });
  });
});

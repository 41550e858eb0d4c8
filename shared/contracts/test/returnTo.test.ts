import { returnToIn, safeReturnPath, withReturnTo } from '../src';

// docs/product.md#guards: anyone can write a link to /sign-in?returnTo=…, so only a path of this shop is followed;
// following anything else would be an open redirect.

describe('the page to return to', () => {
  it.each(['/secure/checkout', '/pharmacy/products?q=ibuprofen&page=2', '/pharmacy/product/p1#reviews', '/', '/%2F%2Fevil.com'])(
    'keeps the shop’s own path %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.com',
    '//evil.com/secure/checkout',
    'https://evil.com',
    'http://evil.com/x',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'javascript:alert(1)',
    'evil.com',
    '',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (target) => {
    expect(safeReturnPath(target)).toBeNull();
  });

  it('never returns to an account form (it would only show the form again)', () => {
    expect(safeReturnPath('/sign-in')).toBeNull();
    expect(safeReturnPath('/signup?returnTo=%2Fcart')).toBeNull();
    expect(safeReturnPath('/sign-in-help')).toBe('/sign-in-help');
  });

  it('refuses what is not text', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath({ pathname: '/cart' })).toBeNull();
  });

  it('writes the page into a form’s address, and reads it back only when safe', () => {
    const link = withReturnTo('/sign-in', '/pharmacy/products?q=ibuprofen&page=2');
    expect(link).toBe('/sign-in?returnTo=%2Fpharmacy%2Fproducts%3Fq%3Dibuprofen%26page%3D2');
    expect(returnToIn(link.slice(link.indexOf('?')))).toBe('/pharmacy/products?q=ibuprofen&page=2');
    expect(withReturnTo('/signup', '//evil.com')).toBe('/signup');
    expect(withReturnTo('/signup', null)).toBe('/signup');
    expect(returnToIn('?returnTo=https%3A%2F%2Fevil.com')).toBeNull();
    expect(returnToIn('')).toBeNull();
  });
});

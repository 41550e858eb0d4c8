import type { Location } from 'react-router-dom';
import { scrollKey } from '../src/layout/PageScroll';

const at = (pathname: string, key: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key });

describe('where a page is remembered for scroll restoration', () => {
  it('keeps each in-app history entry apart, so back and forward return to their places', () => {
    expect(scrollKey(at('/pharmacy/products', 'k1'))).toBe('k1');
    expect(scrollKey(at('/pharmacy/products', 'k2'))).not.toBe(scrollKey(at('/pharmacy/products', 'k1')));
  });

  it('keys a fresh document load by its URL: the provider return page never takes the place an earlier load of checkout was left at', () => {
    const checkout = scrollKey(at('/secure/checkout', 'default'));
    const returned = scrollKey(at('/secure/checkout/return', 'default', '?orderId=o1&paymentId=p1&PayerID=x'));
    expect(returned).not.toBe(checkout);
    // a reload of the same page comes back to its place
    expect(scrollKey(at('/secure/checkout', 'default'))).toBe(checkout);
  });
});

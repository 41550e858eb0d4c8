/** Reviews, product fields and search words are taken as typed, except characters no text may hold (docs/api.md#validation). */
import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
beforeEach(async () => {
  t = await buildTestCatalog({ products: [product({ id: 'gel', title: 'Pain Relief Gel' })] });
  t.purchases.allow('buyer-1', 'gel');
});
afterEach(() => t.close());

const addReview = (reviewMessage: string) =>
  t.app.inject({ method: 'POST', url: '/api/shop/review/add', headers: as('buyer-1'), payload: { productId: 'gel', reviewMessage, reviewValue: 4 } });
const refused = (field: string) => ({ success: false, code: 'VALIDATION', message: `"${field}" contains a character that cannot be stored.` });

describe.each([
  ['NUL', '\u0000'],
  ['a lone surrogate', '\ud83d'],
])('%s', (_name, bad) => {
  it('in a review is refused with 400 naming the field, and no review is kept', async () => {
    const res = await addReview(`Worked well${bad} on my back.`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('reviewMessage'));
    expect((await t.app.inject('/api/shop/review/gel')).json().reviewCount).toBe(0);
  });

  it('in a product title edited by staff is refused, and the product keeps its title', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/gel', headers: as('admin-1', true), payload: { title: `Gel${bad}`, version: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('title'));
    expect((await t.app.inject('/api/shop/products/get/gel')).json().data.title).toBe('Pain Relief Gel');
  });
});

it('NUL in a search keyword is refused with 400 naming it (a lone surrogate cannot be written in a URL at all)', async () => {
  const res = await t.app.inject('/api/shop/search/pain%00gel');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(refused('keyword'));
});

it('a review with accented letters, an emoji (a surrogate pair) and a line break is kept as typed', async () => {
  const message = 'Très efficace 👍🏽\nI would buy it again.';
  const res = await addReview(message);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.review).toMatchObject({ reviewMessage: message });
});

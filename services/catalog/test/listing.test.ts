import { buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
const P = {
  para: product({ id: 'para', title: 'Paracetamol Tablets', category: 'pain-relief', brand: 'CareWell', price: 1.49 }),
  ibu: product({ id: 'ibu', title: 'Ibuprofen Tablets', category: 'pain-relief', brand: 'Relivo', price: 4.49, salePrice: 0.99 }),
  cough: product({ id: 'cough', title: 'Cough Syrup', category: 'cold-and-flu', brand: 'CareWell', price: 3.99 }),
  spray: product({ id: 'spray', title: 'Nasal Spray', category: 'cold-and-flu', brand: 'Coldeze', price: 4.79, salePrice: 4.29 }),
  vitd: product({ id: 'vitd', title: 'Vitamin D3', category: 'vitamins-and-supplements', brand: 'VitaNova', price: 2.5 }),
  plaster: product({ id: 'plaster', title: 'apple Plasters', category: 'first-aid', brand: 'MediPlast', price: 2.49, totalStock: 0 }),
};

beforeAll(async () => {
  t = await buildTestCatalog({ products: Object.values(P) });
});
afterAll(() => t.close());

const list = async (qs: string) => {
  const res = await t.app.inject(`/api/shop/products/get${qs}`);
  return { status: res.statusCode, body: res.json() };
};
const ids = (body: { data: Array<{ _id: string }> }) => body.data.map((p) => p._id);

describe('GET /api/shop/products/get', () => {
  it('lists every product by effective price, low to high, with the total and page', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    // ibu is on sale at 0.99: its effective price sorts it first
    expect(ids(body)).toEqual(['ibu', 'para', 'plaster', 'vitd', 'cough', 'spray']);
    expect(body).toMatchObject({ total: 6, page: 1, limit: 24 });
  });

  it('shows prices as decimals and never leaks stored-only fields', async () => {
    const { body } = await list('?category=pain-relief');
    const ibu = body.data.find((p: { _id: string }) => p._id === 'ibu');
    expect(ibu).toMatchObject({ price: 4.49, salePrice: 0.99, averageReview: 0, reviewCount: 0, maxPerOrder: null, minAge: 0 });
    expect(ibu).not.toHaveProperty('priceCents');
    expect(ibu).not.toHaveProperty('reviewTotal');
  });

  it('sorts price high to low by effective price', async () => {
    expect(ids((await list('?sortBy=price-hightolow')).body)).toEqual(['spray', 'cough', 'vitd', 'plaster', 'para', 'ibu']);
  });

  it('sorts by title A to Z and Z to A, case-insensitively', async () => {
    expect(ids((await list('?sortBy=title-atoz')).body)).toEqual(['plaster', 'cough', 'ibu', 'spray', 'para', 'vitd']);
    expect(ids((await list('?sortBy=title-ztoa')).body)).toEqual(['vitd', 'para', 'spray', 'ibu', 'cough', 'plaster']);
  });

  it('filters by one category', async () => {
    expect(ids((await list('?category=cold-and-flu')).body)).toEqual(['cough', 'spray']);
  });

  it('filters by several categories (any of them)', async () => {
    const { body } = await list('?category=cold-and-flu,vitamins-and-supplements');
    expect(ids(body)).toEqual(['vitd', 'cough', 'spray']);
    expect(body.total).toBe(3);
  });

  it('filters by several brands, case-insensitively', async () => {
    expect(ids((await list('?brand=carewell,COLDEZE')).body)).toEqual(['para', 'cough', 'spray']);
  });

  it('combines category and brand filters (both must match)', async () => {
    expect(ids((await list('?category=pain-relief,cold-and-flu&brand=CareWell&sortBy=title-atoz')).body)).toEqual(['cough', 'para']);
  });

  it('answers an empty page for a filter nothing matches', async () => {
    const { status, body } = await list('?category=no-such-category');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: [], total: 0, page: 1, limit: 24 });
  });

  it('paginates with the total', async () => {
    const page1 = (await list('?limit=4&page=1')).body;
    const page2 = (await list('?limit=4&page=2')).body;
    expect(ids(page1)).toEqual(['ibu', 'para', 'plaster', 'vitd']);
    expect(ids(page2)).toEqual(['cough', 'spray']);
    expect(page2).toMatchObject({ total: 6, page: 2, limit: 4 });
    expect((await list('?limit=4&page=3')).body).toMatchObject({ data: [], total: 6, page: 3 });
  });

  it.each([['?page=0'], ['?limit=0'], ['?limit=101'], ['?page=-1'], ['?page=abc'], ['?limit=2.5']])('refuses out-of-bounds pagination %s with 400', async (qs) => {
    const { status, body } = await list(qs);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  it('accepts the largest page size', async () => {
    expect((await list('?limit=100')).body.limit).toBe(100);
  });

  it('refuses an unknown sortBy with 400 naming the allowed values', async () => {
    const { status, body } = await list('?sortBy=price');
    expect(status).toBe(400);
    expect(body.message).toContain('price-lowtohigh');
  });

  it.each([
    ['?category[$ne]=x'],
    ['?category=a&category=b'],
    ['?brand[$regex]=.*'],
    ['?unknown=1'],
  ])('refuses operator injection and unknown parameters %s with 400', async (qs) => {
    const { status, body } = await list(qs);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  it('treats regex and operator text in filters as plain values', async () => {
    for (const qs of ['?brand=.*', '?category=%7B%22%24ne%22%3A1%7D', '?brand=Care.*', '?category=$where']) {
      const { status, body } = await list(qs);
      expect(status).toBe(200);
      expect(body.total).toBe(0);
    }
  });
});

describe('GET /api/shop/products/get/{id}', () => {
  it('answers one product', async () => {
    const res = await t.app.inject('/api/shop/products/get/spray');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: 'spray', title: 'Nasal Spray', price: 4.79, salePrice: 4.29 });
  });
  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    expect((await t.app.inject('/api/shop/products/get/nope')).statusCode).toBe(404);
    expect((await t.app.inject('/api/shop/products/get/%24where')).statusCode).toBe(400);
  });
});

describe('GET /api/shop/products/facets', () => {
  it('counts products per category and brand', async () => {
    const { data } = (await t.app.inject('/api/shop/products/facets')).json();
    expect(data.categories).toContainEqual({ id: 'pain-relief', label: 'Pain Relief', count: 2 });
    expect(data.categories).toContainEqual({ id: 'allergy', label: 'Allergy', count: 0 });
    expect(data.brands).toContainEqual({ name: 'CareWell', count: 2 });
    expect(data.total).toBe(6);
  });

  const facets = async (qs: string) => (await t.app.inject(`/api/shop/products/facets${qs}`)).json().data;
  const countOf = (items: Array<{ id?: string; name?: string; count: number }>, key: string) => items.find((i) => (i.id ?? i.name) === key)?.count;

  it('counts brands only within the chosen category, and lists a brand with none there at 0 (never a dead end)', async () => {
    const data = await facets('?category=cold-and-flu');
    expect(data.brands).toEqual([
      { name: 'CareWell', count: 1 },
      { name: 'Coldeze', count: 1 },
      { name: 'MediPlast', count: 0 },
      { name: 'Relivo', count: 0 },
      { name: 'VitaNova', count: 0 },
    ]);
    // the category group's own counts ignore its own choice, so a second category shows what it would add
    expect(countOf(data.categories, 'pain-relief')).toBe(2);
    expect(data.total).toBe(2);
  });

  it('counts categories only within the chosen brands, and brands across the chosen categories', async () => {
    const data = await facets('?brand=carewell,Relivo&category=pain-relief,first-aid');
    expect(countOf(data.categories, 'pain-relief')).toBe(2);
    expect(countOf(data.categories, 'cold-and-flu')).toBe(1);
    expect(countOf(data.categories, 'first-aid')).toBe(0);
    expect(countOf(data.brands, 'CareWell')).toBe(1);
    expect(countOf(data.brands, 'MediPlast')).toBe(1);
    expect(countOf(data.brands, 'Coldeze')).toBe(0);
    expect(data.total).toBe(2);
  });

  it("gives as total exactly the listing's total for the same filters, and each non-zero brand count as that brand's results", async () => {
    for (const qs of ['', '?category=pain-relief', '?brand=carewell', '?category=cold-and-flu,first-aid&brand=carewell,coldeze', '?category=allergy']) {
      const data = await facets(qs);
      expect(data.total).toBe((await list(qs)).body.total);
      const category = new URLSearchParams(qs).get('category');
      for (const b of data.brands) {
        const brandQs = `?brand=${encodeURIComponent(b.name)}${category ? `&category=${category}` : ''}`;
        expect([qs, b.name, (await list(brandQs)).body.total]).toEqual([qs, b.name, b.count]);
      }
    }
  });

  it('answers a count of 0 for an unknown value and refuses an unexpected parameter', async () => {
    expect((await facets('?category=nothing-like-this')).total).toBe(0);
    expect((await t.app.inject('/api/shop/products/facets?sortBy=title-atoz')).statusCode).toBe(400);
    expect((await t.app.inject(`/api/shop/products/facets?brand=${Array.from({ length: 51 }, (_, i) => `b${i}`).join(',')}`)).statusCode).toBe(400);
  });

  it('counts again after a product is added', async () => {
    const before = await facets('?category=allergy');
    expect(before.total).toBe(0);
    t.readModel.upsert(product({ id: 'hay', title: 'Hayfever Tablets', category: 'allergy', brand: 'Relivo', price: 3 }));
    const after = await facets('?category=allergy');
    expect(after.total).toBe(1);
    expect(countOf(after.brands, 'Relivo')).toBe(1);
    t.readModel.remove('hay');
  });
});

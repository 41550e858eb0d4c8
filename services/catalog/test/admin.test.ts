import { as, buildTestCatalog, multipart, PNG_BYTES, product, type TestCatalog } from './helpers';

let t: TestCatalog;
let imageId: string;
beforeEach(async () => {
  t = await buildTestCatalog({
    products: [
      product({ id: 'low', title: 'Low Stock Gel', brand: 'Relivo', totalStock: 2 }),
      product({ id: 'mid', title: 'Mid Stock Plasters', brand: 'MediPlast', totalStock: 10 }),
      product({ id: 'high', title: 'High Stock Tablets', brand: 'CareWell', totalStock: 80 }),
    ],
  });
  imageId = (await t.blobs.put(PNG_BYTES, { contentType: 'image/png' })).id;
});
afterEach(() => t.close());

const admin = as('admin-1', true);
const shopper = as('user-1', false);
const newProduct = () => ({
  title: 'Cetirizine 10mg Tablets',
  description: 'Hayfever relief.',
  category: 'allergy',
  brand: 'CareWell',
  price: 2.49,
  salePrice: 1.99,
  totalStock: 40,
  image: `/api/media/${imageId}`,
  activeIngredients: ['Cetirizine 10mg'],
  allergens: ['lactose'],
  contraindications: ['kidney disease'],
  dosageForm: 'Tablets',
  packSize: '30 tablets',
  maxPerOrder: 3,
  minAge: 6,
});

describe('admin routes refuse visitors (401) and shoppers (403)', () => {
  // every row has three cells: with two, jest would pass its done callback as the payload
  const routes: Array<[string, string, object | undefined]> = [
    ['GET', '/api/admin/products/get', undefined],
    ['POST', '/api/admin/products/add', {}],
    ['PUT', '/api/admin/products/edit/low', { title: 'x' }],
    ['GET', '/api/admin/products/low/stock', undefined],
    ['POST', '/api/admin/products/low/stock', { delta: 5, reason: 'received' }],
    ['DELETE', '/api/admin/products/delete/low', undefined],
    ['POST', '/api/admin/products/upload-image', {}],
    ['POST', '/api/common/feature/add', { image: 'x' }],
    ['DELETE', '/api/common/feature/delete/x', undefined],
  ];
  it.each(routes)('%s %s', async (method, url, payload) => {
    const visitor = await t.app.inject({ method: method as 'GET', url, payload });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const user = await t.app.inject({ method: method as 'GET', url, payload, headers: shopper });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('leaves the product untouched after refused attempts', async () => {
    await t.app.inject({ method: 'DELETE', url: '/api/admin/products/delete/low', headers: shopper });
    expect((await t.app.inject('/api/shop/products/get/low')).statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated change without the CSRF header', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/products/delete/low', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject('/api/shop/products/get/low')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/products/get', () => {
  it('lists products newest first with the total, and searches by text', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/get?limit=2', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(res.json().data.map((p: { _id: string }) => p._id)).toEqual(['high', 'mid']);
    const found = await t.app.inject({ url: '/api/admin/products/get?search=PLASTER', headers: admin });
    expect(found.json().data.map((p: { _id: string }) => p._id)).toEqual(['mid']);
    const regexy = await t.app.inject({ url: `/api/admin/products/get?search=${encodeURIComponent('.*')}`, headers: admin });
    expect(regexy.json().total).toBe(0);
  });

  it('lists low-stock products, lowest first (for the dashboard)', async () => {
    const res = await t.app.inject({ url: '/api/admin/products/get?lowStock=true', headers: admin });
    expect(res.json().data.map((p: { _id: string; totalStock: number }) => [p._id, p.totalStock])).toEqual([['low', 2], ['mid', 10]]);
    expect(res.json().total).toBe(2);
  });
});

describe('POST /api/admin/products/add, PUT edit, DELETE delete', () => {
  it('adds a product with cents stored and decimals shown, then lists it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products/add', headers: admin, payload: newProduct() });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ title: 'Cetirizine 10mg Tablets', price: 2.49, salePrice: 1.99, maxPerOrder: 3, minAge: 6, requiresPrescription: false, reviewCount: 0 });
    const stored = await t.store.collection('products').findOne({ _id: created._id });
    expect(stored).toMatchObject({ priceCents: 249, salePriceCents: 199 });
    const listing = (await t.app.inject('/api/shop/products/get?category=allergy')).json().data;
    expect(listing.map((p: { _id: string }) => p._id)).toEqual([created._id]);
  });

  it.each([
    [{ price: 2.499 }, 'decimal'],
    [{ salePrice: 3 }, 'sale price'],
    [{ price: -1 }, ''],
    [{ category: 'sweets' }, ''],
    [{ image: 'https://evil.example/x.png' }, 'uploaded image'],
    [{ image: '/api/media/11111111-1111-4111-8111-111111111111' }, 'not found'],
    [{ totalStock: { $gt: 0 } }, ''],
    [{ isAdmin: true }, 'Unknown field'],
  ])('refuses %j with 400', async (patch, words) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/products/add', headers: admin, payload: { ...newProduct(), ...patch } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(words);
    expect((await t.app.inject({ url: '/api/admin/products/get', headers: admin })).json().total).toBe(3);
  });

  it('edits only the given fields and the listing follows', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/low', headers: admin, payload: { price: 12.5, version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: 'low', title: 'Low Stock Gel', price: 12.5, totalStock: 2, version: 2 });
    const listed = (await t.app.inject('/api/shop/products/get?sortBy=price-hightolow')).json().data;
    expect(listed[0]._id).toBe('low');
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/low', headers: admin, payload: {} })).statusCode).toBe(400);
    const versionOnly = await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/low', headers: admin, payload: { version: 2 } });
    expect(versionOnly.statusCode).toBe(400);
    expect(versionOnly.json().message).toBe('Nothing to change: send at least one product field.');
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/products/edit/nope', headers: admin, payload: { price: 1, version: 1 } })).statusCode).toBe(404);
  });

  it('deletes a product (404 the second time)', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/products/delete/mid', headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject('/api/shop/products/get/mid')).statusCode).toBe(404);
    expect((await t.app.inject('/api/shop/products/get')).json().total).toBe(2);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/products/delete/mid', headers: admin })).statusCode).toBe(404);
  });
});

describe('image upload and media', () => {
  const upload = (body: ReturnType<typeof multipart>, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/products/upload-image', payload: body.payload, headers: { ...headers, ...body.headers } });

  it('stores a PNG and serves it with long-lived caching and its type', async () => {
    const before = t.blobs.stored.length;
    const res = await upload(multipart('image', 'pack.png', 'image/png', PNG_BYTES));
    expect(res.statusCode).toBe(200);
    const { id, url, contentType, size } = res.json().data;
    expect({ contentType, size, url }).toEqual({ contentType: 'image/png', size: PNG_BYTES.length, url: `/api/media/${id}` });
    expect(t.blobs.stored.length).toBe(before + 1);
    const media = await t.app.inject(url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(media.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('recognises JPEG and WebP by their bytes, whatever the declared type', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(50)]);
    expect((await upload(multipart('image', 'a.bin', 'application/octet-stream', jpeg))).json().data.contentType).toBe('image/jpeg');
    expect((await upload(multipart('image', 'b.png', 'image/png', webp))).json().data.contentType).toBe('image/webp');
  });

  it('refuses a wrong file type with 415 and stores nothing', async () => {
    const before = t.blobs.stored.length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(multipart('image', 'x.png', 'image/png', svg));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(res.json().message).toContain('PNG, JPEG or WebP');
    // an SVG declared as one is refused too: the seed's demo images are the only SVG media there is
    const declared = await upload(multipart('image', 'pack.svg', 'image/svg+xml', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')));
    expect(declared.statusCode).toBe(415);
    expect(t.blobs.stored.length).toBe(before);
  });

  it('serves an SVG (the demo images) under a policy that lets it run nothing, and never sniffed', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>');
    const { id } = await t.blobs.put(svg, { contentType: 'image/svg+xml', filename: 'product-1.svg' });
    const media = await t.app.inject(`/api/media/${id}`);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/svg+xml');
    expect(media.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // other images keep the shop's usual headers
    const png = await t.app.inject(`/api/media/${imageId}`);
    expect(png.headers['content-security-policy']).not.toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const before = t.blobs.stored.length;
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(multipart('image', 'big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'TOO_LARGE' });
    expect(res.json().message).toContain('5 MB');
    expect(t.blobs.stored.length).toBe(before);
  });

  it('refuses a request without a file, or not multipart, with 400', async () => {
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/admin/products/upload-image', headers: admin, payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    const empty = await upload(multipart('image', 'e.png', 'image/png', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
  });

  it('answers 404 for unknown media and 404 for path tricks', async () => {
    expect((await t.app.inject('/api/media/11111111-1111-4111-8111-111111111111')).statusCode).toBe(404);
    expect((await t.app.inject('/api/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

describe('feature banners', () => {
  it('admin adds from an upload, everyone lists, admin deletes', async () => {
    const add = await t.app.inject({ method: 'POST', url: '/api/common/feature/add', headers: admin, payload: { image: imageId } });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.image).toBe(`/api/media/${imageId}`);
    const list = await t.app.inject('/api/common/feature/get');
    expect(list.json().data).toEqual([add.json().data]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/common/feature/delete/${add.json().data._id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject('/api/common/feature/get')).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/common/feature/delete/${add.json().data._id}`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses an image that is not an upload', async () => {
    for (const image of ['javascript:alert(1)', '/api/media/../../x', '11111111-1111-4111-8111-111111111111']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/common/feature/add', headers: admin, payload: { image } });
      expect(res.statusCode).toBe(400);
    }
  });
});

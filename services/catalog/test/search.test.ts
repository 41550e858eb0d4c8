import { as, buildTestCatalog, product, type TestCatalog } from './helpers';

let t: TestCatalog;
beforeAll(async () => {
  t = await buildTestCatalog({
    products: [
      product({ id: 'ibu200', title: 'Ibuprofen 200mg Tablets', brand: 'CareWell', category: 'pain-relief', activeIngredients: ['Ibuprofen 200mg'] }),
      product({ id: 'ibugel', title: 'Pain Relief Gel', brand: 'Relivo', category: 'pain-relief', description: 'Targeted relief for back pain.', activeIngredients: ['Ibuprofen 5%'] }),
      product({ id: 'para', title: 'Paracetamol 500mg Tablets', brand: 'CareWell', category: 'pain-relief', activeIngredients: ['Paracetamol 500mg'] }),
      product({ id: 'cold', title: 'Max Strength Cold Capsules', brand: 'Coldeze', category: 'cold-and-flu', description: 'Contains paracetamol and a decongestant.', activeIngredients: ['Paracetamol 500mg', 'Phenylephrine'] }),
      product({ id: 'vitc', title: 'Vitamin C 1000mg', brand: 'VitaNova', category: 'vitamins-and-supplements', activeIngredients: ['Ascorbic acid'] }),
      product({ id: 'hay', title: 'Cetirizine Hayfever Tablets', brand: 'Allerclear', category: 'allergy', activeIngredients: ['Cetirizine'] }),
    ],
  });
});
afterAll(() => t.close());

const search = async (keyword: string, qs = '') => {
  const res = await t.app.inject(`/api/shop/search/${encodeURIComponent(keyword)}${qs}`);
  return { status: res.statusCode, body: res.json() };
};
const ids = (body: { data: Array<{ _id: string }> }) => body.data.map((p) => p._id);

describe('GET /api/shop/search/{keyword}', () => {
  it('ranks a title match above a match in the ingredients only', async () => {
    const { status, body } = await search('ibuprofen');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['ibu200', 'ibugel']);
    expect(body.total).toBe(2);
    expect(body.terms).toContain('ibuprofen');
  });

  it('tolerates typos ("ibuprofn", "paracetmol")', async () => {
    expect(ids((await search('ibuprofn')).body)).toEqual(['ibu200', 'ibugel']);
    expect(ids((await search('paracetmol')).body)[0]).toBe('para');
  });

  it('matches prefixes as the user types', async () => {
    expect(ids((await search('cetiri')).body)).toEqual(['hay']);
    expect(ids((await search('vita')).body)).toContain('vitc');
  });

  it('searches brand, category and description', async () => {
    expect(ids((await search('coldeze')).body)).toEqual(['cold']);
    expect(ids((await search('allergy')).body)).toEqual(['hay']);
    expect(ids((await search('decongestant')).body)).toEqual(['cold']);
  });

  it('needs every word when some product has them all', async () => {
    expect(ids((await search('paracetamol capsules')).body)).toEqual(['cold']);
  });

  it('paginates results', async () => {
    const { body } = await search('paracetamol', '?limit=1&page=2');
    expect(body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(body.data).toHaveLength(1);
  });

  it('has an empty result rather than an error for nonsense', async () => {
    const { status, body } = await search('zzqqxxyy');
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: [], total: 0, terms: [] });
  });

  it.each(['.*', '(a+)+$', '[', '{"$ne":null}', "' OR 1=1 --", '$where', '\\'])('treats %s as text, never a pattern or query', async (keyword) => {
    const { status, body } = await search(keyword);
    expect(status).toBe(200);
    expect(body.total).toBe(0);
  });

  it('refuses an over-long keyword and unknown query parameters', async () => {
    const long = await search('x'.repeat(101));
    // The keyword schema bounds it; the answer is the usual envelope, not the router's bare 414.
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, code: 'VALIDATION' });
    expect((await search('ibuprofen', '?q[$ne]=1')).status).toBe(400);
  });

  it('follows admin adds, edits and deletes at once', async () => {
    const admin = as('admin-1', true);
    const upload = await t.blobs.put(Buffer.from('png'), { contentType: 'image/png' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/add',
      headers: admin,
      payload: { title: 'Loratadine Allergy Tablets', description: 'Non-drowsy.', category: 'allergy', brand: 'Allerclear', price: 3.49, totalStock: 5, image: upload.id },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().data._id;
    expect(ids((await search('loratadine')).body)).toEqual([id]);

    await t.app.inject({ method: 'PUT', url: `/api/admin/products/edit/${id}`, headers: admin, payload: { title: 'Desloratadine Tablets', version: 1 } });
    expect(ids((await search('desloratadine')).body)).toEqual([id]);
    expect((await search('loratadine')).body.total).toBe(0);

    await t.app.inject({ method: 'DELETE', url: `/api/admin/products/delete/${id}`, headers: admin });
    expect((await search('desloratadine')).body.total).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '@pharmacy/db';
import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import { entryHash, GENESIS_HASH } from '../src/audit/chain';
import { buildTestApp, type TestApp } from './helpers';
import { deliver, entryBody, staffHeaders } from './audit-helpers';

type Listed = { seq: number; hash: string; prevHash: string; id: string; action: string; entity: { id: string; name?: string }; actor: { name: string } };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = async (query = '', roles: Parameters<typeof staffHeaders>[1] = ['pharmacist']) => {
  const res = await t.app.inject({ url: `/api/admin/audit${query}`, headers: staffHeaders(t, roles) });
  return res;
};

describe('POST /internal/account/audit', () => {
  it('chains entries: seq 1, 2, 3 with no gaps, each hash over the entry and the previous hash', async () => {
    const seqs = [];
    for (let i = 0; i < 3; i++) {
      const res = await deliver(t, entryBody());
      expect(res.statusCode).toBe(200);
      seqs.push(res.json().data.seq);
    }
    expect(seqs).toEqual([1, 2, 3]);
    const entries = (await list('?limit=3')).json().data as Listed[];
    const [third, second, first] = entries;
    expect(first.prevHash).toBe(GENESIS_HASH);
    expect(second.prevHash).toBe(first.hash);
    expect(third.prevHash).toBe(second.hash);
    for (const e of entries) expect(entryHash(e as never)).toBe(e.hash);
  });

  it('takes a redelivered entry once: the same id answers the seq it already has and adds nothing', async () => {
    const body = entryBody();
    const first = (await deliver(t, body)).json().data;
    const again = (await deliver(t, body)).json().data;
    expect(again).toEqual({ seq: first.seq, duplicate: true });
    expect(first.duplicate).toBe(false);
    const entries = (await list('?limit=100')).json().data as Listed[];
    expect(entries.filter((e) => e.id === body.id)).toHaveLength(1);
  });

  it('keeps an entry whose change has field names a store refuses ($-prefixed, dotted), so its outbox does not offer it for ever', async () => {
    const body = { ...entryBody(), before: { $set: { 'price.cents': 399 } }, after: { list: [{ $inc: 1 }] } };
    const res = await deliver(t, body);
    expect(res.statusCode).toBe(200);
    const [kept] = ((await list('?limit=1')).json().data as Array<Listed & { before: unknown; after: unknown }>);
    expect(kept.id).toBe(body.id);
    expect(kept.before).toEqual({ '\uFF04set': { 'price\uFF0Ecents': 399 } });
    expect(kept.after).toEqual({ list: [{ '\uFF04inc': 1 }] });
    expect(entryHash(kept as never)).toBe(kept.hash);
  });

  it('refuses a browser or a wrong token (403) and an entry with fields it does not know (400)', async () => {
    const body = entryBody();
    expect((await t.app.inject({ method: 'POST', url: '/internal/account/audit', headers: staffHeaders(t, ['admin']), payload: body })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/internal/account/audit', headers: { [INTERNAL_HEADER]: 'guess' }, payload: body })).statusCode).toBe(403);
    expect((await deliver(t, { ...body, seq: 1 })).statusCode).toBe(400);
    expect((await deliver(t, { ...body, id: 'not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/audit', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp();
    // 30 entries: three staff members, two products, two days.
    for (let i = 1; i <= 30; i++) {
      const actor = [
        { id: 'ann', name: 'Ann Admin', role: 'admin', roles: ['admin'] },
        { id: 'phil', name: 'Phil Pharmacist', role: 'pharmacist', roles: ['pharmacist'] },
        { id: 'sue', name: 'Sue Support', role: 'support', roles: ['support'] },
      ][i % 3];
      const res = await deliver(fresh, entryBody({
        actor,
        action: i % 2 ? 'product.edit' : 'order.status',
        entity: i % 2 ? { type: 'product', id: `p${i % 4}`, name: `Product ${i % 4}` } : { type: 'order', id: `o${i}`, name: `Order ${i}` },
        at: new Date(Date.UTC(2026, 10, i <= 15 ? 20 : 21, 9, 0, i)).toISOString(),
      }));
      expect(res.json().data.seq).toBe(i);
    }
  });
  afterAll(() => fresh.close());
  const get = async (query: string, roles: Parameters<typeof staffHeaders>[1] = ['admin']) => {
    const res = await fresh.app.inject({ url: `/api/admin/audit${query}`, headers: staffHeaders(fresh, roles) });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Listed[]; older: number | null; newer: number | null };
  };

  it('pages newest first with Older and Newer cursors, without gaps or repeats', async () => {
    const first = await get('?limit=10');
    expect(first.data.map((e) => e.seq)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    expect(first.newer).toBeNull();
    const second = await get(`?limit=10&before=${first.older}`);
    expect(second.data.map((e) => e.seq)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    const third = await get(`?limit=10&before=${second.older}`);
    expect(third.data.map((e) => e.seq)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(third.older).toBeNull();
    const back = await get(`?limit=10&after=${third.newer}`);
    expect(back.data.map((e) => e.seq)).toEqual(second.data.map((e) => e.seq));
    const top = await get(`?limit=10&after=${back.newer}`);
    expect(top.data.map((e) => e.seq)).toEqual(first.data.map((e) => e.seq));
    expect(top.newer).toBeNull();
  });

  it('filters by staff member, entity, action and whole days, and pages within a filter', async () => {
    expect((await get('?actorId=phil&limit=100')).data.every((e) => e.actor.name === 'Phil Pharmacist')).toBe(true);
    expect((await get('?actorId=phil&limit=100')).data).toHaveLength(10);
    const product = await get('?entityType=product&entityId=p1&limit=100');
    expect(product.data.map((e) => e.seq)).toEqual([29, 25, 21, 17, 13, 9, 5, 1]);
    const paged = await get('?entityType=product&entityId=p1&limit=3');
    expect((await get(`?entityType=product&entityId=p1&limit=3&before=${paged.older}`)).data.map((e) => e.seq)).toEqual([17, 13, 9]);
    expect((await get('?action=order.status&limit=100')).data).toHaveLength(15);
    expect((await get('?from=2026-11-21&limit=100')).data.map((e) => e.seq)).toEqual(Array.from({ length: 15 }, (_, i) => 30 - i));
    expect((await get('?to=2026-11-20&limit=100')).data).toHaveLength(15);
    expect((await get('?from=2026-11-22')).data).toEqual([]);
  });

  it('is for roles with audit.view only: catalogue and support are refused with what is needed', async () => {
    for (const roles of [['catalogue'], ['support']] as const) {
      const res = await fresh.app.inject({ url: '/api/admin/audit', headers: staffHeaders(fresh, [...roles]) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/read and export the audit trail/);
    }
    expect((await fresh.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('refuses a page of more than 100, an unknown filter or a malformed date (400)', async () => {
    for (const q of ['?limit=101', '?who=ann', '?from=21-11-2026', '?before=0']) {
      expect((await fresh.app.inject({ url: `/api/admin/audit${q}`, headers: staffHeaders(fresh, ['admin']) })).statusCode).toBe(400);
    }
  });
});

describe('GET /api/admin/audit by date', () => {
  let dated: TestApp;
  beforeAll(async () => {
    dated = await buildTestApp();
    // 100 entries a day on 1–4 November, then one recorded on 1 November that another service delivered late.
    for (let i = 0; i < 400; i++) {
      await deliver(dated, entryBody({ at: new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 100), 9, 0, i % 100)).toISOString() }));
    }
    const late = await deliver(dated, entryBody({ at: '2026-11-01T08:30:00.000Z', action: 'stock.adjust' }));
    expect(late.json().data.seq).toBe(401);
  });
  afterAll(() => dated.close());
  const get = async (query: string) => {
    const res = await dated.app.inject({ url: `/api/admin/audit${query}`, headers: staffHeaders(dated, ['admin']) });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Listed[]; older: number | null; newer: number | null };
  };

  it('finds an entry that arrived late by its own date, in its place by seq, and pages the day whole', async () => {
    const first = await get('?from=2026-11-01&to=2026-11-01&limit=5');
    expect(first.data.map((e) => e.seq)).toEqual([401, 100, 99, 98, 97]);
    expect(first.data[0].action).toBe('stock.adjust');
    const seen = first.data.map((e) => e.seq);
    for (let older = first.older; older !== null; ) {
      const page = await get(`?from=2026-11-01&to=2026-11-01&limit=40&before=${older}`);
      seen.push(...page.data.map((e) => e.seq));
      older = page.older;
    }
    expect(seen).toEqual([401, ...Array.from({ length: 100 }, (_, i) => 100 - i)]);
    expect((await get('?from=2026-11-04&limit=100')).data.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => 400 - i));
  });
});

describe('GET /api/admin/audit/export.csv', () => {
  it('streams the filtered trail as CSV with quoting and formula cells neutralised, and records the export', async () => {
    const csvApp = await buildTestApp();
    try {
      await deliver(csvApp, entryBody({ entity: { type: 'product', id: 'p1', name: '=HYPERLINK("http://evil","Click")' }, after: { title: 'Ibuprofen, 200 mg "fast"' } }));
      await deliver(csvApp, entryBody({ entity: { type: 'product', id: 'p2', name: '@SUM(A1)' } }));
      await deliver(csvApp, entryBody({ entity: { type: 'order', id: 'o1', name: 'Order 1' } }));
      const res = await csvApp.app.inject({ url: '/api/admin/audit/export.csv?entityType=product', headers: staffHeaders(csvApp, ['admin'], { id: 'ann', name: 'Ann Admin' }) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.trimEnd().split('\r\n'); // CRLF, as RFC 4180 and every CSV the shop writes
      expect(lines[0]).toBe('seq,when,staff member,role,staff id,action,entity type,entity,entity id,before,after,service,request id,hash');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`,'@SUM(A1),`);
      expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil"",""Click"")",`);
      expect(lines[2]).toContain(`"{""title"":""Ibuprofen, 200 mg \\""fast\\""""}"`);
      const recorded = (await csvApp.app.inject({ url: '/api/admin/audit?action=audit.export', headers: staffHeaders(csvApp, ['admin']) })).json().data;
      expect(recorded).toEqual([
        expect.objectContaining({ action: 'audit.export', service: 'account', actor: expect.objectContaining({ id: 'ann', name: 'Ann Admin', role: 'admin' }), after: { entityType: 'product' } }),
      ]);
    } finally {
      await csvApp.close();
    }
  });

  it('is refused to roles without audit.view and records nothing then', async () => {
    const res = await t.app.inject({ url: '/api/admin/audit/export.csv', headers: staffHeaders(t, ['catalogue']) });
    expect(res.statusCode).toBe(403);
    expect(((await list('?action=audit.export')).json().data as Listed[]).filter((e) => e.actor.name === 'Staff staff-catalogue')).toEqual([]);
  });
});

describe('the trail on disk', () => {
  it('continues the chain after a restart from the tail it reads at start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-restart-'));
    const open = async () => {
      const store = await openStore({ name: 'account', dataDir });
      const app = await buildTestApp({ store });
      return Object.assign(app, { stop: async () => (await app.close(), await store.close()) });
    };
    const a = await open();
    await deliver(a, entryBody());
    await deliver(a, entryBody());
    const tail = ((await a.app.inject({ url: '/api/admin/audit?limit=1', headers: staffHeaders(a, ['admin']) })).json().data as Listed[])[0];
    await a.stop();
    const b = await open();
    expect((await deliver(b, entryBody())).json().data.seq).toBe(3);
    const [third] = (await b.app.inject({ url: '/api/admin/audit?limit=1', headers: staffHeaders(b, ['admin']) })).json().data as Listed[];
    expect(third.prevHash).toBe(tail.hash);
    await b.stop();
  });
});

describe('append-only', () => {
  it('no code in the audit folder updates or deletes an entry', () => {
    const folder = path.join(__dirname, '../src/audit');
    for (const file of fs.readdirSync(folder)) {
      const code = fs.readFileSync(path.join(folder, file), 'utf8');
      expect({ file, writes: code.match(/\.(updateOne|updateMany|findOneAndUpdate|deleteOne|deleteMany|replaceOne|drop)\(/g) }).toEqual({ file, writes: null });
    }
  });
});

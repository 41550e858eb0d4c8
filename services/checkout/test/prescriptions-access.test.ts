/**
 * A paper prescription's file is private (docs/architecture.md#prescriptions): its owner reads it back, a
 * pharmacist reads it through the admin route (each read audited), nobody else reads it, and the public media
 * route never serves it.
 */
import { memoryAuditSink } from '@pharmacy/service-kit';
import { createHarness, type Harness } from './harness';
import { PDF, uploadPaper } from './prescription-fixtures';

jest.setTimeout(30_000);

let h: Harness;
const audit = memoryAuditSink();
let id: string;
let blobId: string;
beforeAll(async () => {
  h = await createHarness({ deps: { audit } });
  h.names.set('u-owner', 'Ada Lovelace');
  const res = await uploadPaper(h, 'u-owner', PDF, { filename: 'prescription.pdf' });
  id = res.json().data._id;
  blobId = ((await h.store.collection('prescriptions').findOne({ _id: id })) as unknown as { file: { blobId: string } }).file.blobId;
});
afterAll(() => h.close());
beforeEach(() => {
  audit.entries.length = 0;
});

const shopFile = (headers: Record<string, string> = {}) => h.app.inject({ url: `/api/shop/prescriptions/${id}/file`, headers });
const staffFile = (headers: Record<string, string> = {}) => h.app.inject({ url: `/api/admin/prescriptions/${id}/file`, headers });

test('its owner reads it back, never cached nor sniffed, and the read is in the trail as the shopper\'s own', async () => {
  const res = await shopFile(h.as('u-owner'));
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.equals(PDF)).toBe(true);
  expect(res.headers).toMatchObject({
    'content-type': 'application/pdf', 'cache-control': 'private, no-store', 'content-disposition': 'inline', 'x-content-type-options': 'nosniff',
  });
  expect(audit.entries.map((e) => [e.action, e.entity.type, e.entity.id, e.actor.id, e.actor.role, e.actor.roles])).toEqual([['prescription.file.read', 'prescription', id, 'u-owner', 'shopper', []]]);
});

test('a pharmacist reads it through the admin route, and the read is audited', async () => {
  const res = await staffFile(h.asStaff('pharmacist-1', ['pharmacist']));
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.equals(PDF)).toBe(true);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(audit.entries).toEqual([
    expect.objectContaining({
      action: 'prescription.file.read',
      actor: expect.objectContaining({ id: 'pharmacist-1', role: 'pharmacist' }),
      entity: { type: 'prescription', id, name: expect.stringMatching(/^Prescription of Ada Lovelace added \d{4}-\d{2}-\d{2}$/) },
    }),
  ]);
});

test('another shopper gets 404 (as if there were none), a visitor 401, support 403; nothing is audited', async () => {
  expect((await shopFile(h.as('u-other'))).statusCode).toBe(404);
  expect((await h.app.inject({ url: '/api/shop/prescriptions', headers: h.as('u-other') })).json().data).toEqual([]);
  expect((await shopFile()).statusCode).toBe(401);
  expect((await staffFile()).statusCode).toBe(401);
  expect((await staffFile(h.asStaff('support-1', ['support']))).statusCode).toBe(403);
  expect((await staffFile(h.as('u-other'))).statusCode).toBe(403);
  // A member of staff on the shopper's route is just another signed-in user there.
  expect((await shopFile(h.asStaff('support-1', ['support']))).statusCode).toBe(404);
  expect(audit.entries).toEqual([]);
});

test('the public media route does not serve it', async () => {
  const res = await h.app.inject({ url: `/api/media/${blobId}` });
  expect(res.statusCode).toBe(404);
});

test('the pharmacist’s detail of it reads the health profile, audited as a health read', async () => {
  const res = await h.app.inject({ url: `/api/admin/prescriptions/${id}`, headers: h.asStaff('pharmacist-1', ['pharmacist']) });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ hasFile: true, health: { allergies: [], healthConditions: [] } });
  expect(audit.entries.map((e) => e.action)).toEqual(['health.read']);
  expect((await h.app.inject({ url: `/api/admin/prescriptions/${id}`, headers: h.asStaff('support-1', ['support']) })).statusCode).toBe(403);
});

/**
 * A deleted account's prescriptions (docs/domain.md#deleted-accounts): those never verified go with their files,
 * verified ones stay as the pharmacy's record of what it checked.
 */
import { MemoryBlobStore } from '@pharmacy/db';
import { INTERNAL_HEADER } from '@pharmacy/service-kit';
import { createHarness, type Harness } from './harness';
import { PDF, shopDay, uploadPaper, verifyBody } from './prescription-fixtures';

jest.setTimeout(30_000);

let h: Harness;
const files = new MemoryBlobStore();
beforeAll(async () => {
  h = await createHarness({ deps: { prescriptionFiles: files } });
});
afterAll(() => h.close());

const blobOf = async (id: string) => ((await h.store.collection('prescriptions').findOne({ _id: id })) as { file?: { blobId: string } } | null)?.file?.blobId;

test('waiting and rejected prescriptions go with their files; a verified one stays; another shopper’s are untouched', async () => {
  const productId = await h.addProduct({ requiresPrescription: true, title: 'Sertraline 50mg' });
  const pharmacist = h.asStaff('pharmacist-1', ['pharmacist']);
  const add = async (userId: string) => (await uploadPaper(h, userId, PDF, { productId })).json().data._id as string;
  const waiting = await add('u-gone');
  const rejected = await add('u-gone');
  const verified = await add('u-gone');
  const theirs = await add('u-kept');
  await h.app.inject({ method: 'POST', url: `/api/admin/prescriptions/${rejected}/reject`, headers: pharmacist, payload: { reason: 'Unreadable' } });
  await h.app.inject({ method: 'POST', url: `/api/admin/prescriptions/${verified}/verify`, headers: pharmacist, payload: verifyBody(productId, shopDay(h, -1)) });
  const waitingBlob = (await blobOf(waiting))!;

  const res = await h.app.inject({ method: 'POST', url: '/internal/checkout/users/u-gone/erase', headers: { [INTERNAL_HEADER]: h.internalToken } });
  expect(res.json().data).toMatchObject({ prescriptionsDeleted: 2 });
  const details = (id: string) => h.app.inject({ url: `/api/admin/prescriptions/${id}`, headers: pharmacist });
  expect((await details(waiting)).statusCode).toBe(404);
  expect((await details(rejected)).statusCode).toBe(404);
  expect(await files.get(waitingBlob)).toBeNull();
  expect((await details(verified)).json().data).toMatchObject({ status: 'verified' });
  expect((await details(theirs)).json().data).toMatchObject({ status: 'awaiting_check' });
});

/**
 * Adding a prescription (docs/api.md#prescriptions): a photo or PDF whose type is decided by its bytes, at most
 * 10 MB, its metadata stripped before it is kept; or an e-prescription token looked up through the provider port.
 */
import { PRESCRIPTION_FILE_MAX_BYTES } from '@pharmacy/contracts';
import sharp from 'sharp';
import { AWAITING_CHECK_LIMIT } from '../src/prescriptions/shopper-routes';
import { createPrescriptionStore, type PrescriptionStore } from '../src/prescriptions/store';
import { createHarness, type Harness } from './harness';
import { PDF, photoWithMetadata, pngWithText, testProvider, uploadPaper } from './prescription-fixtures';

jest.setTimeout(30_000);

let h: Harness;
let prescriptions: PrescriptionStore;
const provider = testProvider();
beforeAll(async () => {
  h = await createHarness({ deps: { eprescriptions: provider } });
  prescriptions = await createPrescriptionStore(h.store, () => new Date());
});
afterAll(() => h.close());

const list = (userId: string) => h.app.inject({ url: '/api/shop/prescriptions', headers: h.as(userId) });
const fileOf = (userId: string, id: string) => h.app.inject({ url: `/api/shop/prescriptions/${id}/file`, headers: h.as(userId) });
const addToken = (userId: string, payload: object) => h.app.inject({ method: 'POST', url: '/api/shop/prescriptions', headers: h.as(userId), payload });

describe('a paper prescription upload', () => {
  test('the type comes from the bytes: a .jpg name carrying a PDF is kept as a PDF', async () => {
    const res = await uploadPaper(h, 'u-pdf', PDF, { filename: 'scan.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'paper', status: 'awaiting_check', standing: 'awaiting_check', hasFile: true, items: [] });
    const file = await fileOf('u-pdf', res.json().data._id);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  test('a text file renamed .png is refused with 415 and nothing is kept', async () => {
    const res = await uploadPaper(h, 'u-text', Buffer.from('just some words, not a picture'), { filename: 'prescription.png' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only a photo (JPEG, PNG or WebP) or a PDF of your prescription can be added.' });
    expect((await list('u-text')).json().data).toEqual([]);
  });

  test('10 MB is accepted, one byte more is refused with 413 and nothing is kept', async () => {
    const exact = Buffer.concat([PDF, Buffer.alloc(PRESCRIPTION_FILE_MAX_BYTES - PDF.length, 0x20)]);
    expect((await uploadPaper(h, 'u-big', exact, { filename: 'big.pdf' })).statusCode).toBe(200);
    const res = await uploadPaper(h, 'u-bigger', Buffer.concat([exact, Buffer.from(' ')]), { filename: 'bigger.pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'TOO_LARGE', message: expect.stringContaining('larger than 10 MB') });
    expect((await list('u-bigger')).json().data).toEqual([]);
  });

  test.each(['jpeg', 'png', 'webp'] as const)('a %s photo is kept without its EXIF (GPS), XMP or text', async (format) => {
    let photo = await photoWithMetadata(format);
    if (format === 'png') photo = pngWithText(photo, 'Comment', 'SECRET-TEXT');
    const sent = await sharp(photo).metadata();
    expect(sent.exif).toBeDefined(); // the photo really carried a position
    const res = await uploadPaper(h, `u-meta-${format}`, photo, { filename: `photo.${format}`, contentType: `image/${format}` });
    expect(res.statusCode).toBe(200);
    const kept = (await fileOf(`u-meta-${format}`, res.json().data._id)).rawPayload;
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format, width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(kept.includes('SECRET')).toBe(false);
  });

  test('the product it was added for must need a prescription', async () => {
    const rx = await h.addProduct({ requiresPrescription: true, title: 'Amoxicillin 500mg capsules' });
    const otc = await h.addProduct({ title: 'Paracetamol 500mg' });
    const png = await photoWithMetadata('png');
    const added = await uploadPaper(h, 'u-for', png, { productId: rx, note: 'For my chest infection' });
    expect(added.json().data.forProduct).toEqual({ productId: rx, title: 'Amoxicillin 500mg capsules' });
    const refused = await uploadPaper(h, 'u-for-otc', png, { productId: otc });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Paracetamol 500mg is sold without a prescription, so it cannot be put on one.');
    expect((await list('u-for-otc')).json().data).toEqual([]);
  });

  test('only a signed-in shopper can add one', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/shop/prescriptions', payload: { token: 'AAAAAA-BBBBBB-CCCCCC' } });
    expect(res.statusCode).toBe(401);
  });

  test(`a shopper may have at most ${AWAITING_CHECK_LIMIT} waiting for a pharmacist`, async () => {
    for (let i = 0; i < AWAITING_CHECK_LIMIT; i++) await prescriptions.create({ userId: 'u-many', source: 'paper' });
    const res = await uploadPaper(h, 'u-many', PDF);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('waiting for a pharmacist');
  });
});

describe('an electronic prescription token', () => {
  const content = (token: string) => ({
    token, provider: 'test', prescriber: { name: 'Dr Ruth Okafor' }, writtenOn: '2026-11-20', patient: { name: 'Ada Lovelace' },
    items: [{ productId: 'p-1', title: 'Amoxicillin 500mg capsules', quantity: 21, directions: 'One capsule three times a day', repeatsAllowed: 0 }],
  });

  test('a known token is stored with what the prescriber wrote, waiting for a pharmacist', async () => {
    provider.issued.set('9D4C80-A83008-5DC6FA', content('9D4C80-A83008-5DC6FA'));
    const res = await addToken('u-token', { token: '9d4c80-a83008-5dc6fa' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ source: 'electronic', token: '9D4C80-A83008-5DC6FA', status: 'awaiting_check', hasFile: false });
    const stored = await prescriptions.get(res.json().data._id);
    expect(stored?.eprescription).toEqual(content('9D4C80-A83008-5DC6FA'));
  });

  test('an unknown token is 404 with words a shopper can act on', async () => {
    const res = await addToken('u-unknown', { token: 'ZZZZZZ-ZZZZZZ-ZZZZZZ' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No electronic prescription matches this token; check it and try again.' });
  });

  test('a token already used, by the same shopper or another, is 409', async () => {
    provider.issued.set('111111-222222-333333', content('111111-222222-333333'));
    expect((await addToken('u-first', { token: '111111-222222-333333' })).statusCode).toBe(200);
    for (const user of ['u-first', 'u-second']) {
      const res = await addToken(user, { token: '111111-222222-333333' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('already been added');
    }
    expect((await list('u-second')).json().data).toEqual([]);
  });

  test('two shoppers racing with one token: one gets it', async () => {
    provider.issued.set('444444-555555-666666', content('444444-555555-666666'));
    const answers = await Promise.all(['u-race-1', 'u-race-2'].map((u) => addToken(u, { token: '444444-555555-666666' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  test('a malformed token is 400, and a body that is neither a file nor a token says what to send', async () => {
    expect((await addToken('u-bad', { token: 'not a token' })).json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('three groups of six') });
    expect((await addToken('u-bad', { file: 'x' })).json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('multipart/form-data') });
    expect((await addToken('u-bad', { token: 'AAAAAA-BBBBBB-CCCCCC', extra: 1 })).statusCode).toBe(400);
  });

  test('a JSON body is held to the usual 100 KB: only a file may be large', async () => {
    const res = await addToken('u-huge', { token: 'AAAAAA-BBBBBB-CCCCCC', note: 'x'.repeat(200 * 1024) });
    expect(res.statusCode).toBe(413);
  });
});

/**
 * What the prescription tests share: multipart bodies as a browser sends them, photos that carry metadata, an
 * in-test e-prescription provider (the port, with tokens the test controls), and the shop's date.
 */
import type { EPrescriptionContent } from '@pharmacy/contracts';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import type { EPrescriptionProvider } from '../src/prescriptions/eprescriptions/port';
import { shopToday } from '../src/prescriptions/standing';
import type { Harness } from './harness';

/** A multipart/form-data body: `file` (when given) and plain fields, in the order given. */
export function formData(parts: Array<{ name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer }>) {
  const boundary = `----rxtest${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => {
    const head = 'data' in p
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    return [Buffer.from(head), 'data' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n')];
  });
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A photo of `format` carrying EXIF with a GPS position and XMP, each with a marker the stored file must not hold. */
export async function photoWithMetadata(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#d0e4f0' } })[format]();
  return image
    .withExif({ IFD0: { Copyright: 'SECRET-EXIF' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">SECRET-XMP</x:xmpmeta>')
    .toBuffer();
}

/** A PNG with a tEXt chunk (what a phone's editing app writes) placed before its pixels. */
export function pngWithText(png: Buffer, keyword: string, text: string): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`${keyword}\0${text}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const afterHeader = 8 + 25; // signature, then the IHDR chunk (13 bytes of data + length, type and CRC)
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Uploads a paper prescription as `userId`; returns the response. */
export async function uploadPaper(h: Harness, userId: string, data: Buffer, opts: { filename?: string; contentType?: string; productId?: string; note?: string } = {}) {
  const form = formData([
    ...(opts.productId ? [{ name: 'productId', value: opts.productId }] : []),
    { name: 'file', filename: opts.filename ?? 'prescription.png', contentType: opts.contentType ?? 'image/png', data },
    ...(opts.note ? [{ name: 'note', value: opts.note }] : []),
  ]);
  return h.app.inject({ method: 'POST', url: '/api/shop/prescriptions', headers: { ...h.as(userId), ...form.headers }, payload: form.payload });
}

/** An e-prescription provider (the port) whose tokens the test writes into `issued`. */
export function testProvider(): EPrescriptionProvider & { issued: Map<string, EPrescriptionContent> } {
  const issued = new Map<string, EPrescriptionContent>();
  return { name: 'test', issued, lookup: async (token) => issued.get(token) ?? null };
}

/** The shop's date now, and `days` before or after it (YYYY-MM-DD). */
export function shopDay(h: Harness, days = 0): string {
  const today = shopToday(new Date(Date.now() + h.clock.offsetMs), 'GB');
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A verification body for one product. */
export const verifyBody = (productId: string, writtenOn: string, over: object = {}) => ({
  items: [{ productId, quantity: 28, directions: 'One tablet twice a day with food', repeatsAllowed: 2 }],
  prescriber: { name: 'Dr Ruth Okafor', registration: 'GMC 7012345' },
  writtenOn,
  warningsAcknowledged: false,
  ...over,
});

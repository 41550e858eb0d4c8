import { CatalogErrorCodes, PRESCRIPTION_FILE_MAX_BYTES, PRESCRIPTION_FILE_REFUSALS, type PrescriptionFileType } from '@pharmacy/contracts';
import { HttpError, sniffFileType, tooLarge } from '@pharmacy/service-kit';
import sharp from 'sharp';

// the page refuses a file before sending it in the same words (PRESCRIPTION_FILE_REFUSALS)
export const FILE_TOO_LARGE = PRESCRIPTION_FILE_REFUSALS.size;
export const FILE_TYPE_REFUSED = PRESCRIPTION_FILE_REFUSALS.type;

// A phone photo is at most ~50 megapixels; more from a 10 MB file is a decompression bomb, not a prescription.
const MAX_PIXELS = 80_000_000;

/**
 * A prescription file as it is kept (docs/architecture.md#prescriptions): its type decided by its first bytes, and a
 * photo re-encoded in its own format, which drops everything but the pixels: EXIF (GPS position, camera, time), XMP,
 * IPTC, comments and text chunks. The photo is turned upright first, as its EXIF orientation said, so that losing
 * that tag does not leave it on its side for the pharmacist. A PDF is kept as sent.
 */
export async function keptFile(data: Buffer): Promise<{ data: Buffer; contentType: PrescriptionFileType }> {
  if (data.length > PRESCRIPTION_FILE_MAX_BYTES) throw tooLarge(FILE_TOO_LARGE);
  const contentType = sniffFileType(data);
  if (!contentType) throw new HttpError(415, CatalogErrorCodes.UNSUPPORTED_MEDIA_TYPE, FILE_TYPE_REFUSED);
  if (contentType === 'application/pdf') return { data, contentType };
  let image = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  if (contentType === 'image/jpeg') image = image.jpeg({ quality: 90 });
  else if (contentType === 'image/png') image = image.png();
  else image = image.webp({ quality: 90 });
  try {
    return { data: await image.toBuffer(), contentType };
  } catch {
    throw new HttpError(415, CatalogErrorCodes.UNSUPPORTED_MEDIA_TYPE, `This ${contentType.slice(6).toUpperCase()} could not be read: it may be damaged. Take the photo again and add it.`);
  }
}

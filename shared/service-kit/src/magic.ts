/** The file types uploads accept, recognised by their first bytes (never by the name or the declared type). */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type `head` (a file's first bytes, or all of it) starts like, or null for anything else. */
export function sniffFileType(head: Buffer): SniffedType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** Only the image types (product images: a PDF is no picture). */
export function sniffImageType(head: Buffer): Exclude<SniffedType, 'application/pdf'> | null {
  const type = sniffFileType(head);
  return type === 'application/pdf' ? null : type;
}

/**
 * Every line the embedded store writes ends with a CRC-32 of its JSON: `{"_id":"o1",…} crc32:1a2b3c4d`. A byte
 * changed inside a string value leaves the line valid JSON, so without it a damaged disk block or a stray edit
 * would load as a different document. CRC-32 (zlib's, native) adds about 2 µs to the append of an order; it
 * detects damage, it is no signature. Lines written before checksums existed have none (docs/operations.md#data-on-disk).
 */
import { crc32 } from 'node:zlib';

/** A space then the algorithm's name: JSON never ends in it (a document ends with '}'), and a person can read it. */
const MARK = ' crc32:';
const DIGITS = 8;
const SUFFIX_LENGTH = MARK.length + DIGITS;
const HEX = /^[0-9a-f]{8}$/;

const hexOf = (checksum: number): string => checksum.toString(16).padStart(DIGITS, '0');

/** nedb's afterSerialization step: the line as written, its JSON then its checksum. */
export const withChecksum = (json: string): string => `${json}${MARK}${hexOf(crc32(json))}`;

/** The checksum written in the suffix that starts at `at`, or null when there is none. */
function checksumAt(line: string, at: number): number | null {
  if (at < 0 || !line.startsWith(MARK, at)) return null;
  const digits = line.slice(at + MARK.length);
  return HEX.test(digits) ? parseInt(digits, 16) : null;
}

/**
 * nedb's beforeDeserialization step: the JSON of a line whose checksum holds, or of a line without one (whether
 * such a line is allowed is the file's question, ./datafile). A mismatch throws, which nedb counts as a corrupt line
 * and so refuses the load (the store sets no tolerance).
 */
export function verifiedJson(line: string): string {
  const at = line.length - SUFFIX_LENGTH;
  const checksum = checksumAt(line, at);
  if (checksum === null) return line;
  const json = line.slice(0, at);
  if (crc32(json) !== checksum) throw new Error('checksum mismatch');
  return json;
}

export interface SignedLine {
  /** The line's JSON: its first bytes. */
  jsonLength: number;
  /** The checksum matches the JSON. */
  intact: boolean;
}

/**
 * The same reading on a line's bytes as they are in the file (the strict reader, ./datafile, which must not decode
 * every line twice at a start): where its JSON ends and whether its checksum holds; null for a line without one.
 */
export function readChecksum(line: Buffer): SignedLine | null {
  const at = line.length - SUFFIX_LENGTH;
  const checksum = at < 0 ? null : checksumAt(line.toString('latin1', at), 0);
  if (checksum === null) return null;
  return { jsonLength: at, intact: crc32(line.subarray(0, at)) === checksum };
}

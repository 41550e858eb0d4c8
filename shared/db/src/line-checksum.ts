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

const checksumOf = (json: string): string => crc32(json).toString(16).padStart(DIGITS, '0');

/** nedb's afterSerialization step: the line as written, its JSON then its checksum. */
export const withChecksum = (json: string): string => `${json}${MARK}${checksumOf(json)}`;

export interface SignedLine {
  json: string;
  /** The checksum matches the JSON. */
  intact: boolean;
}

/** A line's JSON and whether its checksum holds; null for a line that carries none. */
export function readChecksum(line: string): SignedLine | null {
  const at = line.length - SUFFIX_LENGTH;
  if (at < 0 || !line.startsWith(MARK, at)) return null;
  const checksum = line.slice(-DIGITS);
  if (!HEX.test(checksum)) return null;
  const json = line.slice(0, at);
  return { json, intact: checksumOf(json) === checksum };
}

/**
 * nedb's beforeDeserialization step: the JSON of a line whose checksum holds, or of a line without one (whether
 * such a line is allowed is the file's question, ./datafile). A mismatch throws, which nedb counts as a corrupt line
 * and so refuses the load (the store sets no tolerance).
 */
export function verifiedJson(line: string): string {
  const signed = readChecksum(line);
  if (!signed) return line;
  if (!signed.intact) throw new Error('checksum mismatch');
  return signed.json;
}

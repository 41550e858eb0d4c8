/**
 * A datafile's lines as a person reads them (README "Data on disk"): each is the JSON of a document or index
 * record, a space, `crc32:` and the CRC-32 of that JSON in 8 hex digits. Checked here with zlib directly, not with
 * the store's own reader.
 */
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

const SIGNED = /^(.*) crc32:([0-9a-f]{8})$/s;

/** The JSON of one line, after checking that the line ends with that JSON's checksum. */
export function jsonOfLine(line: string): string {
  const match = SIGNED.exec(line);
  if (!match) throw new Error(`no checksum on the line ${JSON.stringify(line.slice(0, 80))}`);
  const [, json, checksum] = match;
  const expected = crc32(json).toString(16).padStart(8, '0');
  if (checksum !== expected) throw new Error(`checksum ${checksum} on a line whose JSON's is ${expected}`);
  return json;
}

/** The JSON of every non-empty line of a datafile, each line's checksum checked. */
export const jsonLinesOf = (file: string): string[] => readFileSync(file, 'utf8').split('\n').filter(Boolean).map(jsonOfLine);

/** A line as the store writes it, for a test that builds a datafile by hand. */
export const signedLine = (json: string): string => `${json} crc32:${crc32(json).toString(16).padStart(8, '0')}`;

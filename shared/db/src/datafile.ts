/**
 * Reading an embedded datafile the way nedb does, but strictly: every line must be a document (or an index
 * record) nedb can load, and its checksum (./line-checksum) must hold. nedb itself skips unreadable lines below its
 * corruptAlertThreshold and then compacts the file, erasing them; the store refuses to start instead, and
 * `pnpm data:check` / `pnpm data:repair` use the same reading so the three always agree on which lines are bad.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readChecksum, withChecksum } from './line-checksum';

/** Collection files: `<collection>.db`; nedb's `<collection>.db~` is its copy in the middle of a compaction. */
const DATAFILE = /\.db$/;
const PENDING_COMPACTION = /\.db~$/;

/**
 * Characters nedb's line reader splits on besides '\n'. JSON.stringify leaves U+0085, U+2028 and U+2029 raw
 * inside strings, so a shopper who types one would otherwise cut their own document in two on the next load.
 */
const SPLITTING_CHARS = /[\r\v\f\u0085\u2028\u2029]/;
const ESCAPABLE_CHARS = /[\u0085\u2028\u2029]/g;

/** The first step of nedb's afterSerialization hook: the same JSON with those characters written as \u escapes. */
export const escapeLineSeparators = (line: string): string =>
  line.replace(ESCAPABLE_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export interface DataFileProblem {
  /** The datafile as the caller named it (relative to the data folder the user gave). */
  file: string;
  /** 1-based, counting '\n' like an editor or `sed -n <line>p`. */
  line: number;
  reason: string;
  /** The start of the line, JSON-quoted, for a person to recognise it. */
  excerpt: string;
  /** The line cut short by a crash in the middle of an append (the last line, without its newline). */
  truncated: boolean;
  /** The same document with its raw line separators escaped, when that is all that is wrong with it. */
  fixed?: string;
}

export interface DataFileLine {
  /** Byte range of the line in the file, its terminator ('\n', or '\r\n') included. */
  start: number;
  end: number;
  problem?: DataFileProblem;
}

export interface ScannedDataFile {
  path: string;
  lines: DataFileLine[];
  problems: DataFileProblem[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const EXCERPT_CHARS = 60;

const excerptOf = (bytes: Buffer) => {
  const text = bytes.toString('utf8');
  // Quoted and escaped so that a terminal shows the characters that are wrong rather than obeying them.
  return escapeLineSeparators(JSON.stringify(text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text));
};

/** Why nedb could not load this line as a record (undefined: it can). */
function unreadable(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `not valid JSON (${(e as Error).message})`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a document';
  const record = value as Record<string, unknown>;
  if (typeof record._id === 'string' && record._id !== '') return undefined;
  const index = record.$$indexCreated as { fieldName?: unknown } | undefined;
  if (typeof index === 'object' && index !== null && index.fieldName != null) return undefined;
  if (typeof record.$$indexRemoved === 'string') return undefined;
  // nedb would skip it without a word: whatever it was, it is not loaded.
  return 'not a document (no string _id)';
}

const INCOMPLETE = 'incomplete last line (a write cut short by a crash or a full disk)';

type Classified = Omit<DataFileProblem, 'file' | 'line' | 'excerpt'>;

/**
 * Classifies one line (bytes without its terminator); `last` when it is the file's unterminated end, `checksummed`
 * when the file's lines carry checksums, so one without is damage (docs/operations.md#data-on-disk).
 */
function classify(bytes: Buffer, last: boolean, checksummed: boolean): Classified | undefined {
  const signed = readChecksum(bytes);
  if (signed && !signed.intact) return { reason: 'checksum mismatch (the line changed after it was written)', truncated: false };
  let json: string;
  try {
    json = utf8.decode(signed ? bytes.subarray(0, signed.jsonLength) : bytes);
  } catch {
    return { reason: 'not valid UTF-8', truncated: false };
  }
  // A line without its checksum in a file of checksummed lines is unverified: reported, never rewritten as sound.
  const unverified = checksummed && !signed;
  const separator = SPLITTING_CHARS.exec(json);
  if (separator) {
    const code = `U+${separator[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    const escaped = escapeLineSeparators(json);
    const fixable = !unverified && !SPLITTING_CHARS.test(escaped) && !unreadable(escaped);
    return {
      reason: `contains a raw ${code}, where the store's reader would cut the line in two`,
      truncated: false,
      ...(fixable ? { fixed: signed ? withChecksum(escaped) : escaped } : {}),
    };
  }
  const reason = unreadable(json) ?? (unverified ? 'no checksum, in a file whose lines carry one' : undefined);
  if (!reason) return undefined;
  if (last) return { reason: INCOMPLETE, truncated: true };
  return { reason, truncated: false };
}

/** Splits a datafile into lines and classifies each; `display` names the file in problems. */
export function scanDataFileBytes(data: Buffer, display: string): Omit<ScannedDataFile, 'path'> {
  const lines: (DataFileLine & { content: Buffer; number: number; last: boolean })[] = [];
  let start = 0;
  while (start < data.length) {
    const newline = data.indexOf(0x0a, start);
    const end = newline === -1 ? data.length : newline + 1;
    let contentEnd = newline === -1 ? data.length : newline;
    // nedb reads "\r\n" as one line break.
    if (newline !== -1 && contentEnd > start && data[contentEnd - 1] === 0x0d) contentEnd -= 1;
    lines.push({ start, end, content: data.subarray(start, contentEnd), number: lines.length + 1, last: newline === -1 });
    start = end;
  }
  // A file is checksummed once the store has compacted it since checksums exist: then every line carries one.
  const checksummed = lines.some((l) => readChecksum(l.content)?.intact);
  const problems: DataFileProblem[] = [];
  const scanned = lines.map(({ start: from, end: to, content, number, last }) => {
    const entry: DataFileLine = { start: from, end: to };
    // Empty lines are skipped by nedb too (its own files end with one).
    const found = content.length > 0 ? classify(content, last, checksummed) : undefined;
    if (found) {
      entry.problem = { file: display, line: number, ...found, excerpt: excerptOf(content) };
      problems.push(entry.problem);
    }
    return entry;
  });
  return { lines: scanned, problems };
}

export async function scanDataFile(file: string, display: string = file): Promise<ScannedDataFile> {
  const data = await readFile(file);
  return { path: file, ...scanDataFileBytes(data, display) };
}

/**
 * The datafiles of one store folder, sorted: each `<collection>.db`, and a `<collection>.db~` whose `.db` is
 * missing (a crash between nedb's compaction write and its rename: nedb loads the `~` file next).
 */
export async function listDataFiles(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const present = new Set(names);
  return names
    .filter((n) => DATAFILE.test(n) || (PENDING_COMPACTION.test(n) && !present.has(n.slice(0, -1))))
    .sort();
}

/** Scans every datafile of a store folder; `display` is the folder as the user wrote it. */
export async function scanDataFolder(folder: string, display: string = folder): Promise<ScannedDataFile[]> {
  const files = await listDataFiles(folder);
  return Promise.all(files.map((name) => scanDataFile(path.join(folder, name), path.join(display, name))));
}

const SHOWN_PROBLEMS = 10;

/** One line per problem, at most `limit` of them. */
export function describeProblems(problems: DataFileProblem[], limit = SHOWN_PROBLEMS): string {
  const shown = problems.slice(0, limit).map((p) => `  ${p.file} line ${p.line}: ${p.reason}: ${p.excerpt}`);
  if (problems.length > limit) shown.push(`  … and ${problems.length - limit} more (pnpm data:check lists them all)`);
  return shown.join('\n');
}

/** The store found lines it cannot read: it does not start, and has changed nothing on disk. */
export class UnreadableDataError extends Error {
  readonly code = 'DATA_UNREADABLE';
  constructor(
    readonly store: string,
    readonly problems: DataFileProblem[],
  ) {
    const files = new Set(problems.map((p) => p.file));
    const lines = problems.length === 1 ? '1 unreadable line' : `${problems.length} unreadable lines`;
    const truncated = problems.some((p) => p.truncated)
      ? ' An incomplete last line is what a crash in the middle of a write leaves behind; data:repair handles it too.'
      : '';
    super(
      `The ${store} store cannot start: ${lines} in ${[...files].join(', ')}.\n${describeProblems(problems)}\n` +
        'Nothing on disk was changed. Run `pnpm data:check` (with the same DATA_DIR) to list every problem, then, ' +
        'with the server stopped, `pnpm data:repair` to move the unreadable lines into a quarantine file beside ' +
        'their datafile.' +
        truncated,
    );
    this.name = 'UnreadableDataError';
  }
}

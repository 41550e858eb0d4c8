import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifyNow } from 'csv-stringify/sync';

/**
 * CSV files staff open in a spreadsheet (RFC 4180, CRLF lines), written by csv-stringify. A cell a spreadsheet would
 * run as a formula (starting =, +, -, @, tab or carriage return) is prefixed with ' so a name like
 * "=HYPERLINK(…)" stays text (OWASP's CSV injection advice).
 */
const OPTIONS: Options = { escape_formulas: true, record_delimiter: 'windows' };

type Cell = string | number | null | undefined;

/** A small CSV at once (the responsible pharmacist record). */
export const toCsv = (header: readonly string[], rows: ReadonlyArray<ReadonlyArray<Cell>>): string =>
  stringifyNow([header, ...rows] as Cell[][], { ...OPTIONS, cast: { number: String } });

/** A CSV written as rows arrive (the audit trail, a million entries): pipe arrays of cells in, send the stream. */
export const csvStream = (header: readonly string[]): Stringifier => stringify({ ...OPTIONS, header: true, columns: [...header] });

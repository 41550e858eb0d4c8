/**
 * A CSV file staff open in a spreadsheet (RFC 4180, CRLF lines). A cell a spreadsheet would run as a formula
 * (starting =, +, -, @, tab or carriage return) is prefixed with ' so a name like "=HYPERLINK(…)" stays text
 * (OWASP's CSV injection advice).
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The line nedb writes for a document, written by JSON.stringify alone when that gives the same line. nedb's own
 * serialize passes a replacer to JSON.stringify (to check every key and to write Dates as {"$$date": ms}), which
 * calls back into JavaScript for every value and was the costliest step of each append; a document made of plain
 * values only (no Date or other toJSON, no key beginning with $ or holding a dot) serialises identically without it.
 * Anything else goes to nedb's serialize, which writes it or refuses it exactly as before.
 */
export function serializeDocument(doc: unknown, nedbSerialize: (doc: unknown) => string): string {
  return isPlain(doc) ? JSON.stringify(doc) : nedbSerialize(doc);
}

const own = Object.prototype.hasOwnProperty;

function isPlain(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  const v = value as Record<string, unknown>;
  if (typeof v.toJSON === 'function' || typeof v.getTime === 'function') return false;
  if (Array.isArray(v)) {
    for (const item of v) if (!isPlain(item)) return false;
    return true;
  }
  for (const key in v) {
    if (!own.call(v, key)) continue;
    if (key.charCodeAt(0) === 36 /* $ */ || key.includes('.')) return false;
    if (!isPlain(v[key])) return false;
  }
  return true;
}

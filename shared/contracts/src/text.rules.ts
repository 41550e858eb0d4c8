// The characters no text field may hold, whatever the field (names, addresses, reviews, tickets, product fields,
// search words, notes): plain functions, no schema library, so a browser form can apply the rule too. The services
// apply it to every string of every body, query and path (service-kit's validation); docs/api.md#validation.

/** What a refused field's message says after the field's name. */
export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored';

// One pass of the regex engine finds the candidates; a surrogate is only refused without its pair.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SUSPECT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]/;
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The index of the first character `text` may not hold, or -1. Refused: NUL and the other C0 control characters
 * except tab, line feed and carriage return (multi-line text needs those), DEL, and a UTF-16 surrogate without its
 * pair, which no UTF-8 can encode (a store or a mail would keep U+FFFD or fail). A pair (an emoji) is one character.
 */
export function unstorableCharAt(text: string): number {
  const found = SUSPECT.exec(text);
  if (!found) return -1;
  for (let i = found.index; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isHigh(code) && isLow(text.charCodeAt(i + 1))) {
      i += 1;
    } else if (isHigh(code) || isLow(code) || code === 0x7f || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) {
      return i;
    }
  }
  return -1;
}

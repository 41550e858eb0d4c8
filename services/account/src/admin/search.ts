import { escapePattern, literalMatch } from '@pharmacy/service-kit';

/**
 * Staff's user search as a store filter (docs/product.md#admin-panel): the text, spaces collapsed, within the first
 * name, within the last name, or across "first last": the first name ending with the words before a space and the
 * last name starting with the rest. Case is ignored and every character is matched literally.
 */
export function userNameFilter(q: string | undefined): Record<string, unknown> {
  const needle = (q ?? '').trim().replace(/\s+/g, ' ');
  if (!needle) return {};
  const either: Array<Record<string, unknown>> = [{ firstName: literalMatch(needle) }, { lastName: literalMatch(needle) }];
  for (let i = needle.indexOf(' '); i > 0; i = needle.indexOf(' ', i + 1)) {
    const head = needle.slice(0, i);
    const tail = needle.slice(i + 1);
    either.push({ $and: [{ firstName: new RegExp(`${escapePattern(head)}\\s*$`, 'i') }, { lastName: new RegExp(`^\\s*${escapePattern(tail)}`, 'i') }] });
  }
  return { $or: either };
}

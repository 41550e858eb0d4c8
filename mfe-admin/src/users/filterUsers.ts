/** The fields the Users screen needs; the account contract's User satisfies it. */
export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  createdAt?: string | null;
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * docs/product.md#admin-panel: client-side search by first name, last name or the full name ("first last"), case-insensitive.
 * An empty (or blank) term shows every user.
 */
export function filterUsers<U extends NamedUser>(users: readonly U[], term: string): U[] {
  const needle = norm(term).replace(/\s+/g, ' ');
  if (!needle) return [...users];
  return users.filter((user) => {
    const first = norm(user.firstName);
    const last = norm(user.lastName);
    const full = `${first} ${last}`.trim();
    return first.includes(needle) || last.includes(needle) || full.includes(needle);
  });
}

const time = (value: string | null | undefined) => {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/** docs/product.md#admin-panel: rows newest first by createdAt (users without a date go last). */
export function sortNewestFirst<U extends NamedUser>(users: readonly U[]): U[] {
  return [...users].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

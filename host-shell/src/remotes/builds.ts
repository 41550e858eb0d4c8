import type { RemoteBuildTag } from '@pharmacy/contracts';

/**
 * What /remotes.json said of each remote's build (its `builds`, docs/operations.md#canary-releases): the version
 * this page runs (the gateway picked it for this visitor, the same as the server render) and its entry's hash.
 */
const builds = new Map<string, RemoteBuildTag>();

const isTag = (v: unknown): v is RemoteBuildTag => {
  const t = v as Partial<RemoteBuildTag> | null;
  return !!t && typeof t === 'object' && (t.version === null || typeof t.version === 'string') && (t.integrity === null || typeof t.integrity === 'string');
};

/** Keeps the `builds` of a /remotes.json answer for `names` (the remotes it registered); anything malformed is left out. */
export function recordBuilds(value: unknown, names: readonly string[]): void {
  if (!value || typeof value !== 'object') return;
  for (const name of names) {
    const tag = (value as Record<string, unknown>)[name];
    if (isTag(tag)) builds.set(name, tag);
    else builds.delete(name);
  }
}

/** The build of `name` this page was told it runs, if /remotes.json said. */
export const buildOf = (name: string): RemoteBuildTag | undefined => builds.get(name);

/** Tests: forget what was recorded. */
export function resetBuildsForTests(): void {
  builds.clear();
}

import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process owns a data folder: nedb appends to its files without coordination, so two writers would
 * corrupt them. proper-lockfile keeps `<folder>/.lock` fresh while we run and releases it on exit
 * (signals included); a crashed owner's lock goes stale after STALE_MS, or at once when the pid it
 * recorded is no longer alive on this host.
 */
const STALE_MS = 10_000;
const LOCK_NAME = '.lock';
const OWNER_NAME = 'owner.json';

/** Folders this process holds, so a pid equal to ours in owner.json means "a previous run", not "us". */
const heldHere = new Set<string>();

interface Owner {
  pid: number;
  host: string;
  since: string;
}

export class DataFolderInUseError extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';
  constructor(
    readonly folder: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `Data folder ${folder} is in use by another process (pid ${ownerPid ?? 'unknown'}). ` +
        'Stop it or set DATA_DIR to another folder.',
    );
    this.name = 'DataFolderInUseError';
  }
}

function readOwner(dir: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(dir, OWNER_NAME), 'utf8')) as Owner;
    return typeof owner.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The recorded owner is provably gone: dead pid on this host, or our own pid from an earlier run (containers reuse pid 1). */
function ownerIsGone(dir: string, owner: Owner | null): boolean {
  if (!owner || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !heldHere.has(dir);
  return !isAlive(owner.pid);
}

/**
 * Locks `dir` (created if missing) for this process. Returns the release function.
 * `display` is the folder as the user wrote it, for the error message.
 */
export async function lockDataFolder(dir: string, display: string): Promise<() => Promise<void>> {
  const absolute = path.resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const lockfilePath = path.join(absolute, LOCK_NAME);
  const options = { lockfilePath, stale: STALE_MS, retries: 0, realpath: false };

  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(absolute, options);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const owner = readOwner(absolute);
    if (!ownerIsGone(absolute, owner)) throw new DataFolderInUseError(display, owner?.pid ?? null);
    // The owner crashed without releasing: take over now rather than waiting for the lock to go stale.
    try {
      rmdirSync(lockfilePath);
    } catch {
      /* someone else removed it first; lock() below decides who wins */
    }
    try {
      release = await lockfile.lock(absolute, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      throw new DataFolderInUseError(display, readOwner(absolute)?.pid ?? null);
    }
  }

  heldHere.add(absolute);
  const owner: Owner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(path.join(absolute, OWNER_NAME), JSON.stringify(owner));

  let released = false;
  return async () => {
    if (released) return;
    released = true;
    heldHere.delete(absolute);
    await release();
  };
}

/**
 * What `pnpm data:check` and `pnpm data:repair` do to a DATA_DIR: every store folder (`<dataDir>/<service>`)
 * and every collection datafile in it, read with the store's own strict reader (./datafile).
 */
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { describeProblems, listDataFiles, scanDataFileBytes, type DataFileProblem } from './datafile';
import { lockDataFolder } from './lock';

export interface DataDirCheck {
  /** Store folders holding at least one datafile, by name. */
  stores: string[];
  files: number;
  problems: DataFileProblem[];
}

export interface RepairedFile {
  file: string;
  /** Where the unreadable lines went (none when every bad line could be fixed in place). */
  quarantine: string | null;
  moved: DataFileProblem[];
  /** Lines that only had a raw line separator: rewritten with it escaped, the same document. */
  escaped: DataFileProblem[];
}

export interface DataDirRepair {
  stores: string[];
  files: number;
  repaired: RepairedFile[];
}

/** Store folders of dataDir that hold datafiles (media and keys hold none). */
async function storeFolders(dataDir: string): Promise<{ name: string; files: string[] }[]> {
  const entries = await readdir(dataDir, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
  const listed = await Promise.all(
    folders.map(async (name) => ({ name, files: await listDataFiles(path.join(dataDir, name)) })),
  );
  return listed.filter((f) => f.files.length > 0);
}

/** Reads every datafile under dataDir; changes nothing. */
export async function checkDataDir(dataDir: string): Promise<DataDirCheck> {
  const stores = await storeFolders(dataDir);
  const problems: DataFileProblem[] = [];
  let files = 0;
  for (const store of stores) {
    for (const name of store.files) {
      files += 1;
      const data = await readFile(path.join(dataDir, store.name, name));
      problems.push(...scanDataFileBytes(data, path.join(dataDir, store.name, name)).problems);
    }
  }
  return { stores: stores.map((s) => s.name), files, problems };
}

/** A new file's content that is on disk before this returns: temp file, fsync, rename, fsync of the folder. */
async function writeDurably(target: string, content: Buffer): Promise<void> {
  const temp = `${target}.tmp-${process.pid}`;
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  await rename(temp, target);
  const folder = await open(path.dirname(target), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

const stampOf = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

async function repairFile(file: string, display: string, stamp: string): Promise<RepairedFile | null> {
  const data = await readFile(file);
  const { lines, problems } = scanDataFileBytes(data, display);
  if (problems.length === 0) return null;
  const kept: Buffer[] = [];
  const quarantined: Buffer[] = [];
  const moved: DataFileProblem[] = [];
  const escaped: DataFileProblem[] = [];
  for (const line of lines) {
    const bytes = data.subarray(line.start, line.end);
    if (!line.problem) {
      kept.push(bytes); // byte for byte, in order
    } else if (line.problem.fixed !== undefined) {
      kept.push(Buffer.from(`${line.problem.fixed}\n`, 'utf8'));
      escaped.push(line.problem);
    } else {
      // The line as it was, without its terminator, so the quarantine file has one bad line per line.
      let end = bytes.length;
      if (bytes[end - 1] === 0x0a) end -= 1;
      if (bytes[end - 1] === 0x0d) end -= 1;
      quarantined.push(bytes.subarray(0, end), Buffer.from('\n'));
      moved.push(line.problem);
    }
  }
  let quarantine: string | null = null;
  if (moved.length > 0) {
    // Written first: a crash before the datafile's rename leaves the lines in both places, never in neither.
    quarantine = `${file}.quarantine-${stamp}`;
    await writeDurably(quarantine, Buffer.concat(quarantined));
  }
  await writeDurably(file, Buffer.concat(kept));
  return { file: display, quarantine: quarantine && `${display}.quarantine-${stamp}`, moved, escaped };
}

/**
 * Moves every unreadable line of every datafile under dataDir into `<datafile>.quarantine-<time>` and keeps
 * the rest byte for byte. Holds each store folder's lock throughout, so it refuses (DataFolderInUseError)
 * while a server owns any of them, before touching anything.
 */
export async function repairDataDir(dataDir: string, now: Date = new Date()): Promise<DataDirRepair> {
  const stores = await storeFolders(dataDir);
  const releases: (() => Promise<void>)[] = [];
  try {
    for (const store of stores) {
      releases.push(await lockDataFolder(path.join(dataDir, store.name), path.join(dataDir, store.name)));
    }
    const repaired: RepairedFile[] = [];
    let files = 0;
    const stamp = stampOf(now);
    for (const store of stores) {
      // Listed again under the lock: what the owner left is what gets repaired.
      for (const name of await listDataFiles(path.join(dataDir, store.name))) {
        files += 1;
        const file = path.join(dataDir, store.name, name);
        const result = await repairFile(file, file, stamp);
        if (result) repaired.push(result);
      }
    }
    return { stores: stores.map((s) => s.name), files, repaired };
  } finally {
    for (const release of releases) await release();
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report `pnpm data:check` prints. */
export function formatCheck(dataDir: string, check: DataDirCheck): string {
  const where = `${dataDir} (${check.stores.join(', ') || 'no stores'})`;
  if (check.problems.length === 0) return `All ${plural(check.files, 'file')} readable in ${where}.`;
  const files = new Set(check.problems.map((p) => p.file)).size;
  return (
    `${plural(check.problems.length, 'unreadable line')} in ${files} of ${plural(check.files, 'file')} in ${where}:\n` +
    `${describeProblems(check.problems, Infinity)}\n` +
    'The store refuses to start until they are dealt with: stop the server and run `pnpm data:repair` to move ' +
    'them into a quarantine file beside their datafile.'
  );
}

/** The report `pnpm data:repair` prints. */
export function formatRepair(dataDir: string, repair: DataDirRepair): string {
  if (repair.repaired.length === 0) {
    return `Nothing to repair: all ${plural(repair.files, 'file')} readable in ${dataDir}.`;
  }
  const out: string[] = [];
  for (const file of repair.repaired) {
    if (file.moved.length > 0) {
      out.push(`${file.file}: moved ${plural(file.moved.length, 'line')} to ${file.quarantine}`);
      for (const p of file.moved) out.push(`  line ${p.line}: ${p.reason}: ${p.excerpt}`);
    }
    if (file.escaped.length > 0) {
      out.push(`${file.file}: rewrote ${plural(file.escaped.length, 'line')} with the raw separator escaped (same document)`);
      for (const p of file.escaped) out.push(`  line ${p.line}`);
    }
  }
  const moved = repair.repaired.reduce((n, f) => n + f.moved.length, 0);
  out.push(
    `Repaired ${plural(repair.repaired.length, 'file')} of ${repair.files}; ${plural(moved, 'line')} quarantined, ` +
      'every other line kept as it was. The store can start again; look at the quarantine files to recover what they held.',
  );
  return out.join('\n');
}

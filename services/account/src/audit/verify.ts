import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openStore, verifiedJson } from '@pharmacy/db';
import type { AuditEntry } from '@pharmacy/contracts';
import { anchorText, checkChain, describeProblem, type ChainCheck, type ChainProblem, type TrailAnchor } from './chain';
import { AUDIT_TRAIL, auditTrailCollection, type AuditCollection, type AuditDoc } from './store';

/**
 * `pnpm audit:verify` (docs/operations.md#audit-trail): reads the trail and checks its chain, never writing and
 * never taking the store's lock, so it runs beside the shop. The embedded file is read line by line in the order
 * it is stored (seq order: appends in seq order, compactions in `_id` order); MongoDB a page at a time sorted by seq.
 * Anchors (`--anchor <seq>:<hash>`) are entries kept outside the trail, which show a removed or rewritten end.
 */
export interface TrailReport extends ChainCheck {
  source: string;
}

class Stop extends Error {
  constructor(readonly problem: ChainProblem) {
    super(describeProblem(problem));
  }
}

const seqOfId = (id: unknown): number | null => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null);

/** How long an unfinished last line is given to be finished by an append under way before it counts as cut short. */
const APPEND_GRACE_MS = 250;

async function* fileEntries(file: string, display: string): AsyncGenerator<{ entry: AuditEntry; where: string }> {
  // Only the bytes there when the run began: appends made while it reads are the next run's.
  const { size } = await stat(file);
  if (size === 0) return;
  const handle = await open(file, 'r');
  const last = Buffer.alloc(1);
  try {
    await handle.read(last, 0, 1, size - 1);
  } finally {
    await handle.close();
  }
  const lastByte = last[0];
  // Created only now: readline drops the lines it reads before the loop below asks for them.
  const lines = createInterface({ input: createReadStream(file, { end: size - 1 }), crlfDelay: Infinity });
  const seen = new Set<string>();
  let number = 0;
  let offset = 0;
  for await (const line of lines) {
    number++;
    offset += Buffer.byteLength(line) + 1;
    if (line === '') continue;
    const where = `${display} line ${number}`;
    const unterminated = offset > size && lastByte !== 0x0a;
    let json: string;
    let checksumHolds = true;
    try {
      json = verifiedJson(line);
    } catch {
      checksumHolds = false;
      json = line.replace(/ crc32:[0-9a-f]{8}$/, '');
    }
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(json) as Record<string, unknown>;
    } catch {
      if (unterminated) {
        await new Promise((resolve) => setTimeout(resolve, APPEND_GRACE_MS));
        // Finished meanwhile: an entry appended while this run read, for the next run to check.
        if ((await stat(file)).size > size) return;
        throw new Stop({ kind: 'unreadable', seq: null, where, reason: 'the last line is incomplete (a write cut short by a crash or a full disk)' });
      }
      throw new Stop({ kind: 'unreadable', seq: null, where, reason: 'not valid JSON' });
    }
    if ('$$indexCreated' in doc || '$$indexRemoved' in doc) continue;
    const seq = typeof doc.seq === 'number' ? doc.seq : seqOfId(doc._id);
    if (doc.$$deleted === true) throw new Stop({ kind: 'removed', seq: seqOfId(doc._id) ?? 0, where: `${where} (a deletion was written)` });
    if (!checksumHolds) throw new Stop({ kind: 'altered', seq: seq ?? 0, where: `${where} (its line's checksum fails too)` });
    if (seen.has(String(doc._id))) throw new Stop({ kind: 'altered', seq: seq ?? 0, where: `${where} (written again after it was first stored)` });
    seen.add(String(doc._id));
    const { _id: _docId, ...entry } = doc as AuditDoc;
    yield { entry, where };
  }
}

async function quarantined(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => name.startsWith(`${AUDIT_TRAIL}.db.quarantine-`));
  } catch {
    return [];
  }
}

async function checked(source: string, entries: AsyncIterable<{ entry: AuditEntry; where: string }>, anchors: readonly TrailAnchor[]): Promise<TrailReport> {
  let count = 0;
  const counted = (async function* () {
    for await (const e of entries) {
      yield e;
      count++;
    }
  })();
  try {
    return { source, ...(await checkChain(counted, anchors)) };
  } catch (err) {
    if (err instanceof Stop) return { source, checked: count, head: null, problem: err.problem };
    throw err;
  }
}

/** The embedded store's trail under `dataDir` (DATA_DIR), read from its file. */
export async function verifyEmbeddedTrail(dataDir: string, anchors: readonly TrailAnchor[] = []): Promise<TrailReport> {
  const folder = path.join(dataDir, 'account');
  const display = path.join(dataDir, 'account', `${AUDIT_TRAIL}.db`);
  let file = display;
  // A compaction stopped between its write and its rename leaves the file as `.db~` (the store loads that next).
  if (!(await stat(file).catch(() => null))) file = `${display}~`;
  if (!(await stat(file).catch(() => null))) return checked(display, (async function* () {})(), anchors);
  const report = await checked(display, fileEntries(file, display), anchors);
  if (report.problem) return report;
  const moved = await quarantined(folder);
  if (moved.length > 0) {
    const where = moved.map((m) => path.join(folder, m)).join(', ');
    return { ...report, head: null, problem: { kind: 'unreadable', seq: report.checked + 1, where, reason: 'data:repair moved lines of the trail aside; entries after the last one checked may be missing' } };
  }
  return report;
}

const PAGE = 1000;

/**
 * A trail on the store's Collection port, read a page at a time in (seq, _id) order, read-only. Each page starts
 * after the last (seq, _id) read, not after the last seq: a second document with that seq (an entry written again)
 * on the next page would otherwise never be read.
 */
export async function verifyCollectionTrail(entries: AuditCollection, source: string, anchors: readonly TrailAnchor[] = []): Promise<TrailReport> {
  async function* pages() {
    let after: { seq: number; _id: string } | null = null;
    for (;;) {
      const filter = after ? { $or: [{ seq: { $gt: after.seq } }, { seq: after.seq, _id: { $gt: after._id } }] } : {};
      const page = await entries.find(filter, { sort: { seq: 1, _id: 1 }, limit: PAGE });
      for (const { _id: _docId, ...entry } of page) yield { entry, where: `${source} seq ${entry.seq}` };
      if (page.length < PAGE) return;
      const last = page[page.length - 1];
      after = { seq: last.seq, _id: last._id };
    }
  }
  return checked(source, pages(), anchors);
}

/** The trail in the account service's database on MongoDB (no index is created, nothing written). */
export async function verifyMongoTrail(mongoUrl: string, anchors: readonly TrailAnchor[] = [], database = 'account'): Promise<TrailReport> {
  const store = await openStore({ name: database, mongoUrl });
  try {
    return await verifyCollectionTrail(auditTrailCollection(store), `MongoDB ${database}.${AUDIT_TRAIL}`, anchors);
  } finally {
    await store.close();
  }
}

/**
 * The report; a run that passed ends with the head it checked, for the operator to keep as the next run's anchor
 * (docs/operations.md#audit-trail). A failed run prints none: nothing of a broken trail is worth keeping as true.
 */
export function formatTrailReport(r: TrailReport): string {
  if (!r.problem) {
    const head = r.head ? `head: seq ${r.head.seq} hash ${r.head.hash} (later: --anchor ${anchorText(r.head)})` : 'head: none, the trail is empty';
    return `audit:verify: ${r.checked} entries checked in ${r.source}: OK, the chain is whole.\n${head}`;
  }
  return `audit:verify: FAILED after ${r.checked} good entries in ${r.source}: ${describeProblem(r.problem)}.`;
}

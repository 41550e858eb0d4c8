import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { openStore, UnreadableDataError } from '@pharmacy/db';
import { repairDataDir } from '../../../shared/db/src/maintenance';
import { entryHash, parseAnchor } from '../src/audit/chain';
import { formatTrailReport, verifyEmbeddedTrail } from '../src/audit/verify';
import { buildTestApp } from './helpers';
import { deliver, entryBody } from './audit-helpers';

const run = promisify(execFile);
const TOOL = path.join(__dirname, '../../../tools/audit-verify.js');

/**
 * A data folder holding a trail of `count` entries the account service wrote (and compacted as it closed); given
 * a folder, the service appends `count` more to it, and `logStream` reads its log.
 */
async function writtenTrail(count: number, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-verify-')), logStream?: { write(line: string): void }): Promise<string> {
  const store = await openStore({ name: 'account', dataDir });
  const t = await buildTestApp({ store, logStream, auditHeadLog: { every: 3 } });
  for (let i = 0; i < count; i++) expect((await deliver(t, entryBody())).statusCode).toBe(200);
  await t.app.close();
  await store.close();
  return dataDir;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'account', 'auditTrail.db');
const lines = (dataDir: string) => fs.readFileSync(fileOf(dataDir), 'utf8').split('\n');
/** The line index of the entry with this seq. */
const lineOf = (all: string[], seq: number) => all.findIndex((l) => l.includes(`"seq":${seq},`));
const signed = (json: string) => `${json} crc32:${crc32(json).toString(16).padStart(8, '0')}`;
const jsonOf = (line: string) => line.replace(/ crc32:[0-9a-f]{8}$/, '');

async function tool(dataDir: string, args: string[] = []): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [TOOL, ...args], { env: { ...process.env, DATA_DIR: dataDir, MONGODB_URL: '' } });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stderr: string; stdout: string };
    return { code: err.code, out: err.stderr + err.stdout };
  }
}

jest.setTimeout(60_000);

describe('pnpm audit:verify on the embedded store', () => {
  it('passes a trail the service wrote, and runs while the service holds the store', async () => {
    const dataDir = await writtenTrail(5);
    const store = await openStore({ name: 'account', dataDir });
    try {
      const result = await tool(dataDir);
      expect(result).toEqual({ code: 0, out: expect.stringContaining('5 entries checked') });
      expect(result.out).toContain('OK');
      expect(result.out).toMatch(/^head: seq 5 hash [0-9a-f]{64} \(later: --anchor 5:[0-9a-f]{64}\)$/m);
    } finally {
      await store.close();
    }
  });

  it("names the entry whose `after` was edited, even with the line's checksum recomputed, and exits 1", async () => {
    const dataDir = await writtenTrail(5);
    const all = lines(dataDir);
    const i = lineOf(all, 3);
    const doc = JSON.parse(jsonOf(all[i]));
    doc.after = { price: 1 };
    all[i] = signed(JSON.stringify(doc));
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    const result = await tool(dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/FAILED after 2 good entries.*entry 3 was altered/);
  });

  it('names an edited entry whose line checksum was left as it was', async () => {
    const dataDir = await writtenTrail(4);
    const all = lines(dataDir);
    const i = lineOf(all, 2);
    all[i] = all[i].replace('"price":120', '"price":999');
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    expect(formatTrailReport(await verifyEmbeddedTrail(dataDir))).toMatch(/entry 2 was altered/);
  });

  it('names an entry rewritten whole with a fresh hash: the next entry no longer follows it', async () => {
    const dataDir = await writtenTrail(4);
    const all = lines(dataDir);
    const i = lineOf(all, 2);
    const doc = JSON.parse(jsonOf(all[i]));
    doc.actor = { ...doc.actor, name: 'Someone Else' };
    doc.hash = entryHash(doc);
    all[i] = signed(JSON.stringify(doc));
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    const report = await verifyEmbeddedTrail(dataDir);
    expect(report.problem).toMatchObject({ kind: 'altered', seq: 2 });
  });

  it('names a deleted line as removed', async () => {
    const dataDir = await writtenTrail(5);
    const all = lines(dataDir);
    all.splice(lineOf(all, 3), 1);
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    const result = await tool(dataDir);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/entry 3 was removed/);
  });

  it('names two swapped lines as out of order', async () => {
    const dataDir = await writtenTrail(5);
    const all = lines(dataDir);
    const [a, b] = [lineOf(all, 2), lineOf(all, 3)];
    [all[a], all[b]] = [all[b], all[a]];
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    const report = await verifyEmbeddedTrail(dataDir);
    expect(report.problem).toMatchObject({ kind: 'reordered', seq: 2 });
    expect(formatTrailReport(report)).toMatch(/entry 2 is out of order/);
  });

  it('names a deletion the store itself wrote (a removal line) as removed', async () => {
    const dataDir = await writtenTrail(3);
    const all = lines(dataDir);
    const id = JSON.parse(jsonOf(all[lineOf(all, 2)]))._id as string;
    fs.appendFileSync(fileOf(dataDir), `${signed(JSON.stringify({ $$deleted: true, _id: id }))}\n`);
    expect((await verifyEmbeddedTrail(dataDir)).problem).toMatchObject({ kind: 'removed', seq: 2 });
  });

  it('reports a last line cut short by a crash; the store refuses to start, and after data:repair verify still says entries may be missing', async () => {
    const dataDir = await writtenTrail(3);
    const whole = fs.readFileSync(fileOf(dataDir), 'utf8').trimEnd();
    const lastStart = whole.lastIndexOf('\n') + 1;
    fs.writeFileSync(fileOf(dataDir), `${whole}\n${whole.slice(lastStart, lastStart + 40).replace('"seq":3', '"seq":4')}`);
    expect(formatTrailReport(await verifyEmbeddedTrail(dataDir))).toMatch(/FAILED after 3 good entries.*the last line is incomplete/);
    await expect(openStore({ name: 'account', dataDir })).rejects.toBeInstanceOf(UnreadableDataError);
    await repairDataDir(dataDir);
    const repaired = await verifyEmbeddedTrail(dataDir);
    expect(repaired.checked).toBe(3);
    expect(formatTrailReport(repaired)).toMatch(/data:repair moved lines of the trail aside/);
  });

  it('an empty data folder has nothing to check and passes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-verify-empty-'));
    expect(formatTrailReport(await verifyEmbeddedTrail(dataDir))).toMatch(/0 entries checked/);
  });
});

/** What a run prints, through the same code as the tool but in this process (the tool takes seconds to start). */
const printed = async (dataDir: string, ...anchors: string[]) => formatTrailReport(await verifyEmbeddedTrail(dataDir, anchors.map((a) => parseAnchor(a, 'a test'))));

/** The head a passing run printed, as `--anchor` takes it. */
const headOf = (out: string) => /^head: seq (\d+) hash ([0-9a-f]{64})/m.exec(out)!.slice(1, 3).join(':');

/** The trail's file without its last `n` entries, as someone with the folder could leave it. */
function dropLast(dataDir: string, n: number) {
  const all = lines(dataDir);
  const entries = all.filter((l) => l.includes('"seq":'));
  const dropped = new Set(entries.slice(entries.length - n));
  fs.writeFileSync(fileOf(dataDir), all.filter((l) => !dropped.has(l)).join('\n'));
}

describe('pnpm audit:verify --anchor: the end of the trail, against a head kept outside it', () => {
  it('an anchor taken from a passing run still passes once more entries are appended; several may be given', async () => {
    const dataDir = await writtenTrail(3);
    const anchor = headOf(await printed(dataDir));
    expect(anchor).toMatch(/^3:/);
    await writtenTrail(4, dataDir);
    const later = await printed(dataDir, anchor);
    expect(later).toMatch(/7 entries checked.*OK/);
    const both = await tool(dataDir, ['--anchor', anchor, `--anchor=${headOf(later)}`]);
    expect(both).toEqual({ code: 0, out: expect.stringMatching(/^head: seq 7 /m) });
  });

  it('the last entry deleted: the chain alone still passes, the anchor names the entry as gone', async () => {
    const dataDir = await writtenTrail(5);
    const anchor = headOf(await printed(dataDir));
    dropLast(dataDir, 1);
    expect(await printed(dataDir)).toMatch(/4 entries checked.*OK/);
    const result = await tool(dataDir, ['--anchor', anchor]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/FAILED after 4 good entries.*entry 5 recorded at --anchor 5:[0-9a-f]+… is gone: the trail ends at seq 4/);
  });

  it('the last three entries deleted: named, with where the trail now ends', async () => {
    const dataDir = await writtenTrail(6);
    const anchor = headOf(await printed(dataDir));
    dropLast(dataDir, 3);
    const report = await verifyEmbeddedTrail(dataDir, [parseAnchor(anchor, 'the daily check')]);
    expect(report.problem).toEqual({ kind: 'anchor-gone', seq: 6, from: 'the daily check', end: 3 });
    expect(formatTrailReport(report)).toMatch(/entry 6 recorded at the daily check is gone: the trail ends at seq 3/);
  });

  it('the last entry rewritten with a recomputed hash: the chain alone passes, the anchor names the entry', async () => {
    const dataDir = await writtenTrail(5);
    const anchor = headOf(await printed(dataDir));
    const all = lines(dataDir);
    const i = lineOf(all, 5);
    const doc = JSON.parse(jsonOf(all[i]));
    doc.after = { price: 1 };
    doc.hash = entryHash(doc);
    all[i] = signed(JSON.stringify(doc));
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    expect(await printed(dataDir)).toMatch(/5 entries checked.*OK/);
    const result = await tool(dataDir, ['--anchor', anchor]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/FAILED after 4 good entries.*entry 5 does not have the hash recorded at --anchor 5:/);
  });

  it('an anchor on an earlier entry catches the whole trail from there rewritten with fresh hashes', async () => {
    const dataDir = await writtenTrail(4);
    const earlier = headOf(await printed(dataDir));
    await writtenTrail(2, dataDir);
    const all = lines(dataDir);
    let prevHash = '';
    for (let seq = 4; seq <= 6; seq++) {
      const i = lineOf(all, seq);
      const doc = JSON.parse(jsonOf(all[i]));
      if (seq === 4) doc.actor = { ...doc.actor, name: 'Someone Else' };
      else doc.prevHash = prevHash;
      doc.hash = entryHash(doc);
      prevHash = doc.hash;
      all[i] = signed(JSON.stringify(doc));
    }
    fs.writeFileSync(fileOf(dataDir), all.join('\n'));
    expect(await printed(dataDir)).toMatch(/6 entries checked.*OK/);
    expect((await verifyEmbeddedTrail(dataDir, [parseAnchor(earlier, 'a ticket')])).problem).toMatchObject({ kind: 'anchor-differs', seq: 4, from: 'a ticket' });
  });

  it('refuses an anchor it cannot read, or another argument, with exit 2 and the form it takes', async () => {
    const dataDir = await writtenTrail(1);
    for (const args of [['--anchor', '5:abc'], ['--verbose']]) {
      const result = await tool(dataDir, args);
      expect(result.code).toBe(2);
      expect(result.out).toMatch(/audit:verify cannot run: .*<seq>:<hash>/);
    }
    for (const bad of ['x', `0:${'a'.repeat(64)}`, `5:${'a'.repeat(63)}`]) expect(() => parseAnchor(bad, '--anchor')).toThrow(/is not an anchor; give <seq>:<hash>/);
  });
});

describe("the shop's own anchor: the account service logs the trail's head", () => {
  const heads = (log: string[]) => log.map((l) => JSON.parse(l) as { msg: string; auditHead?: { seq: number; hash: string } }).filter((l) => l.auditHead);

  it('at start, every N entries and at close; a logged head is an anchor that catches the end removed', async () => {
    const log: string[] = [];
    const stream = { write: (line: string) => void log.push(line) };
    const dataDir = await writtenTrail(7, undefined, stream);
    // every: 3 (writtenTrail): after 3 and 6 entries, and the 7th at close; nothing at start, the trail was empty.
    expect(heads(log).map((l) => l.auditHead!.seq)).toEqual([3, 6, 7]);
    const last = heads(log)[2];
    expect(last.msg).toBe(`audit head seq 7 hash ${last.auditHead!.hash} (--anchor 7:${last.auditHead!.hash})`);
    const anchor = /--anchor (\S+)\)$/.exec(last.msg)![1];
    expect(await printed(dataDir, anchor)).toMatch(/OK/);

    log.length = 0;
    await writtenTrail(1, dataDir, stream);
    expect(heads(log).map((l) => l.auditHead!.seq)).toEqual([7, 8]);

    dropLast(dataDir, 2);
    const result = await tool(dataDir, ['--anchor', anchor]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/entry 7 recorded at --anchor 7:[0-9a-f]+… is gone: the trail ends at seq 6/);
  });

  it('logs an entry not logged yet once the interval has passed, without waiting for N more', async () => {
    const log: string[] = [];
    const t = await buildTestApp({ logStream: { write: (line) => void log.push(line) }, auditHeadLog: { every: 100, intervalMs: 50 } });
    try {
      expect((await deliver(t, entryBody())).statusCode).toBe(200);
      expect(heads(log)).toEqual([]);
      // A busy machine may run the timer late: wait for it, up to a few seconds.
      for (let waited = 0; heads(log).length === 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heads(log).map((l) => l.auditHead!.seq)).toEqual([1]);
    } finally {
      await t.close();
    }
  });
});

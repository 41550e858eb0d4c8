import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { openStore, UnreadableDataError } from '@pharmacy/db';
import { repairDataDir } from '../../../shared/db/src/maintenance';
import { formatTrailReport, verifyEmbeddedTrail } from '../src/audit/verify';
import { buildTestApp } from './helpers';
import { deliver, entryBody } from './audit-helpers';

const run = promisify(execFile);
const TOOL = path.join(__dirname, '../../../tools/audit-verify.js');

/** A data folder holding a trail of `count` entries the account service wrote (and compacted as it closed). */
async function writtenTrail(count: number): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-verify-'));
  const store = await openStore({ name: 'account', dataDir });
  const t = await buildTestApp({ store });
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

async function tool(dataDir: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [TOOL], { env: { ...process.env, DATA_DIR: dataDir, MONGODB_URL: '' } });
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
    const { entryHash } = await import('../src/audit/chain');
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

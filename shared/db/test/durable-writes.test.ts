/**
 * Acknowledged means on disk (docs/operations.md#data-on-disk): a write is answered once a flush that started
 * after its append finished, writes arriving during a flush share the next one, and the power-cut copy (each
 * datafile cut at its last flushed byte) holds every acknowledged write.
 */
import fs, { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyAsAfterPowerCut, openStore, type DocumentStore } from '../src';
import { DataFileAppender, lastFlushedBytes } from '../src/append-file';
import { GroupCommit, type Flushable } from '../src/group-commit';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pharmacy-durable-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A file whose flushes finish when the test says so. */
function slowFile() {
  const flushes: Array<() => void> = [];
  const file: Flushable = { sync: () => new Promise<void>((resolve) => flushes.push(resolve)) };
  return { file, flushes };
}
const turn = () => new Promise((r) => setImmediate(r));
const settledNow = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('group commit', () => {
  it('answers a write only after a flush that started after its append, and serves the writes of one flush with the next one', async () => {
    const commit = new GroupCommit();
    const { file, flushes } = slowFile();
    commit.appended(file);
    const first = commit.durable();
    await turn();
    expect(flushes).toHaveLength(1);
    // Two writes append while the first flush runs: neither is answered by it.
    commit.appended(file);
    const second = commit.durable();
    commit.appended(file);
    const third = commit.durable();
    await turn();
    expect(flushes).toHaveLength(1);
    flushes[0]();
    expect(await settledNow(first)).toBe(true);
    expect(await settledNow(second)).toBe(false);
    // One flush for both.
    expect(flushes).toHaveLength(2);
    flushes[1]();
    expect(await settledNow(Promise.all([second, third]))).toBe(true);
    expect(flushes).toHaveLength(2);
    // Nothing appended since: answered at once, no flush.
    await commit.durable();
    expect(flushes).toHaveLength(2);
  });

  it('the writes of one turn of the event loop share one flush, which starts after that turn', async () => {
    const commit = new GroupCommit();
    const { file, flushes } = slowFile();
    const other = slowFile();
    commit.appended(file);
    const first = commit.durable();
    expect(flushes).toHaveLength(0);
    // Another request of the same turn appends to the same file and to another one: the same flush serves it.
    commit.appended(file);
    commit.appended(other.file);
    const second = commit.durable();
    await turn();
    expect([flushes.length, other.flushes.length]).toEqual([1, 1]);
    flushes[0]();
    expect(await settledNow(first)).toBe(false); // the flush is done once both files are on disk
    other.flushes[0]();
    expect(await settledNow(Promise.all([first, second]))).toBe(true);
    expect(flushes).toHaveLength(1);
  });

  it('a write whose append a running flush already took waits for that flush', async () => {
    const commit = new GroupCommit();
    const { file, flushes } = slowFile();
    commit.appended(file);
    void commit.durable();
    await turn();
    const later = commit.durable();
    expect(await settledNow(later)).toBe(false);
    flushes[0]();
    expect(await settledNow(later)).toBe(true);
  });

  it('a failed flush fails the writes waiting for it', async () => {
    const commit = new GroupCommit();
    commit.appended({ sync: () => Promise.reject(new Error('EIO: i/o error')) });
    await expect(commit.durable()).rejects.toThrow('EIO');
  });
});

describe('appends on a durable store (coalesced)', () => {
  afterEach(() => jest.restoreAllMocks());
  const fileIn = (dir: string) => path.join(dir, 'orders.db');
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };

  it('the lines of one turn reach the file in one write, made before the flush that acknowledges them', async () => {
    const file = fileIn(tempDir());
    const appender = new DataFileAppender(file, 0o644, true);
    const writes = jest.spyOn(fs, 'writeSync');
    appender.append('{"_id":"a"}\n');
    appender.append('{"_id":"b"}\n');
    appender.append('{"_id":"c"}\n');
    expect(writes).not.toHaveBeenCalled();
    await appender.sync();
    expect(writes).toHaveBeenCalledTimes(1);
    expect(read(file)).toBe('{"_id":"a"}\n{"_id":"b"}\n{"_id":"c"}\n');
    // what a power cut now would keep: all three
    expect(lastFlushedBytes().get(file)).toBe(read(file).length);
    appender.release();
  });

  it('lines no flush asked for are written at the end of the turn all the same', async () => {
    const file = fileIn(tempDir());
    const appender = new DataFileAppender(file, 0o644, true);
    appender.append('{"_id":"a"}\n');
    expect(read(file)).toBe('');
    await new Promise((r) => setImmediate(r));
    expect(read(file)).toBe('{"_id":"a"}\n');
    appender.release();
  });

  it('a write that failed at the end of the turn fails the next flush, so nothing it held is acknowledged', async () => {
    const file = fileIn(tempDir());
    const appender = new DataFileAppender(file, 0o644, true);
    jest.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    appender.append('{"_id":"lost"}\n');
    await new Promise((r) => setImmediate(r));
    await expect(appender.sync()).rejects.toThrow('ENOSPC');
    // Once: the next write and flush go through.
    appender.append('{"_id":"next"}\n');
    await appender.sync();
    expect(read(file)).toBe('{"_id":"next"}\n');
    appender.release();
  });

  it('letting the descriptor go writes what is queued first', () => {
    const file = fileIn(tempDir());
    const appender = new DataFileAppender(file, 0o644, true);
    appender.append('{"_id":"a"}\n');
    appender.release();
    expect(read(file)).toBe('{"_id":"a"}\n');
  });

  it('without coalescing (a store that does not wait for the disk) each append is in the file at once', () => {
    const file = fileIn(tempDir());
    const appender = new DataFileAppender(file, 0o644);
    appender.append('{"_id":"a"}\n');
    expect(read(file)).toBe('{"_id":"a"}\n');
    appender.release();
  });

  it('40 concurrent writes to a durable store cost a few write calls, not 40', async () => {
    const dataDir = tempDir();
    const store = await openStore({ name: 'shop', dataDir });
    try {
      const orders = store.collection('orders');
      await orders.insertOne({ _id: 'first' });
      const writes = jest.spyOn(fs, 'writeSync');
      await Promise.all(Array.from({ length: 40 }, (_, i) => orders.insertOne({ _id: `o${i}` })));
      expect(writes.mock.calls.length).toBeGreaterThan(0);
      expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      await store.close();
    }
  });
});

describe('the embedded store on disk', () => {
  let store: DocumentStore | undefined;
  afterEach(async () => {
    jest.restoreAllMocks();
    await store?.close();
    store = undefined;
  });

  /** The store reopened on what a power cut right now would leave of `dataDir`. */
  async function afterPowerCut(dataDir: string): Promise<DocumentStore> {
    const copy = tempDir();
    copyAsAfterPowerCut(dataDir, copy);
    return openStore({ name: 'shop', dataDir: copy });
  }

  it('every acknowledged insert, update and delete is in the power-cut copy', async () => {
    const dataDir = tempDir();
    store = await openStore({ name: 'shop', dataDir });
    const orders = store.collection('orders');
    await orders.insertOne({ _id: 'o1', status: 'pending' });
    await orders.insertOne({ _id: 'o2', status: 'pending' });
    await orders.updateOne({ _id: 'o1' }, { $set: { status: 'paid' } });
    await orders.deleteOne({ _id: 'o2' });
    await store.collection('stock').findOneAndUpdate({ _id: 'p1' }, { $inc: { held: 1 } }, { upsert: true });
    const cut = await afterPowerCut(dataDir);
    try {
      expect(await cut.collection('orders').find({})).toEqual([{ _id: 'o1', status: 'paid' }]);
      expect(await cut.collection('stock').findOne({ _id: 'p1' })).toEqual({ _id: 'p1', held: 1 });
    } finally {
      await cut.close();
    }
  });

  it('40 concurrent writes share a few flushes, and each is in the copy once answered', async () => {
    const dataDir = tempDir();
    store = await openStore({ name: 'shop', dataDir });
    const orders = store.collection('orders');
    await orders.insertOne({ _id: 'first' });
    const sync = DataFileAppender.prototype.sync;
    // Each flush takes 20 ms, far longer than a write: the writes that arrive meanwhile pile up behind it.
    const flushes = jest.spyOn(DataFileAppender.prototype, 'sync').mockImplementation(async function slow(this: DataFileAppender) {
      await new Promise((r) => setTimeout(r, 20));
      return sync.call(this);
    });
    await Promise.all(Array.from({ length: 40 }, (_, i) => orders.insertOne({ _id: `o${i}` })));
    expect(flushes.mock.calls.length).toBeGreaterThan(0);
    expect(flushes.mock.calls.length).toBeLessThanOrEqual(3);
    const cut = await afterPowerCut(dataDir);
    try {
      expect(await cut.collection('orders').countDocuments({})).toBe(41);
    } finally {
      await cut.close();
    }
  });

  it('a store opened with durable: false (unsafe, for measuring only) answers before its writes are in the copy', async () => {
    const dataDir = tempDir();
    store = await openStore({ name: 'shop', dataDir, durable: false });
    await store.collection('orders').insertOne({ _id: 'o1' });
    const cut = await afterPowerCut(dataDir);
    try {
      expect(await cut.collection('orders').find({})).toEqual([]);
    } finally {
      await cut.close();
    }
  });
});

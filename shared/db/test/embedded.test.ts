import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { DataFolderInUseError, openEmbeddedStore, openStore, UnsupportedOperatorError, type DocumentStore } from '../src';
import { describeDocumentStoreContract } from './contract';
import { describeSortedPages } from './sorted-pages';

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pharmacy-db-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describeDocumentStoreContract('embedded, in memory', () => openStore({ name: 'contract', inMemory: true }));
describeDocumentStoreContract('embedded, files', () => openStore({ name: 'contract', dataDir: tempDir() }));
describeSortedPages('embedded, in memory', () => openStore({ name: 'contract', inMemory: true }));

describe('embedded store', () => {
  let store: DocumentStore;
  afterEach(async () => {
    await store?.close();
  });

  it('openStore picks the embedded adapter when no mongoUrl is given', async () => {
    store = await openStore({ name: 'shop', inMemory: true });
    expect(store.kind).toBe('embedded');
  });

  describe('rejects what it cannot do instead of ignoring it', () => {
    beforeEach(async () => {
      store = await openStore({ name: 'shop', inMemory: true });
      await store.collection('items').insertOne({ _id: 'a', n: 1, items: [{ q: 1 }] });
    });
    const items = () => store.collection('items');

    it.each([
      ['$setOnInsert', { $setOnInsert: { n: 2 } }],
      ['$rename', { $rename: { n: 'm' } }],
      ['$pop', { $pop: { items: 1 } }],
      ['$currentDate', { $currentDate: { at: true } }],
    ])('update operator %s', async (op, update) => {
      const error = await items().updateOne({ _id: 'a' }, update).catch((e) => e);
      expect(error).toBeInstanceOf(UnsupportedOperatorError);
      expect(error.message).toBe(`operator ${op} is not supported by the embedded store`);
      await expect(items().findOneAndUpdate({ _id: 'a' }, update, { upsert: true })).rejects.toThrow(op);
      await expect(items().updateMany({}, update)).rejects.toThrow(op);
    });

    it.each([
      ['$expr', { $expr: { $gt: ['$n', 0] } }],
      ['$where', { $where: () => true }],
      ['$text', { $text: { $search: 'x' } }],
      ['$comment', { $comment: 'x' }],
      ['$not', { $not: { n: 1 } }],
      ['$mod', { n: { $mod: [2, 1] } }],
      ['$all', { items: { $all: [1] } }],
      ['$type', { n: { $type: 'number' } }],
    ])('query operator %s', async (op, filter) => {
      await expect(items().find(filter)).rejects.toThrow(`operator ${op} is not supported by the embedded store`);
      await expect(items().countDocuments(filter)).rejects.toThrow(UnsupportedOperatorError);
      await expect(items().deleteMany(filter)).rejects.toThrow(UnsupportedOperatorError);
      await expect(items().countDocuments({})).resolves.toBe(1);
    });

    it('a $regex string (and $options) is refused: RegExp only', async () => {
      await expect(items().find({ n: { $regex: '.*' } })).rejects.toThrow(/must be a RegExp/);
      await expect(items().find({ n: { $regex: /x/, $options: 'i' } })).rejects.toThrow(/\$options is not supported/);
    });

    it('positional updates and whole-document replacement are refused', async () => {
      await expect(items().updateOne({ 'items.q': 1 }, { $set: { 'items.$.q': 2 } })).rejects.toThrow(
        /positional \$ is not supported/,
      );
      await expect(items().updateOne({ _id: 'a' }, { n: 2 })).rejects.toThrow(/use \$set/);
      await expect(items().updateOne({ _id: 'a' }, {})).rejects.toThrow(/at least one update operator/);
      expect(await items().findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1, items: [{ q: 1 }] });
    });

    it('operators hidden in an equality value are refused', async () => {
      await expect(items().find({ items: { $elemMatch: { q: { $type: 'int' } } } })).rejects.toThrow(
        UnsupportedOperatorError,
      );
      await expect(items().find({ n: { $in: [{ $gt: 0 }] } })).rejects.toThrow(UnsupportedOperatorError);
    });
  });

  it('keeps one datafile per collection under <dataDir>/<name> and reloads it, Dates included', async () => {
    const dataDir = tempDir();
    const at = new Date('2024-01-02T03:04:05.006Z');
    store = await openStore({ name: 'account', dataDir });
    await store.collection('users').createIndex({ email: 1 }, { unique: true });
    await store.collection('users').insertOne({ _id: 'u1', email: 'ann@example.com', createdAt: at });
    await store.collection('users').updateOne({ _id: 'u1' }, { $set: { name: 'Ann' } });
    await store.close();
    expect(existsSync(path.join(dataDir, 'account', 'users.db'))).toBe(true);

    store = await openStore({ name: 'account', dataDir });
    const users = store.collection('users');
    expect(await users.findOne({ _id: 'u1' })).toEqual({ _id: 'u1', email: 'ann@example.com', createdAt: at, name: 'Ann' });
    // The unique index came back from the datafile and still names its key.
    await expect(users.insertOne({ _id: 'u2', email: 'ann@example.com' })).rejects.toMatchObject({
      code: 11000,
      message: expect.stringContaining('email_1 dup key: { email: "ann@example.com" }'),
    });
  });

  it('a TTL index removes documents whose date is older than expireAfterSeconds', async () => {
    store = await openStore({ name: 'account', inMemory: true });
    const sessions = store.collection('sessions');
    await sessions.createIndex({ createdAt: 1 }, { expireAfterSeconds: 60 });
    await sessions.insertMany([
      { _id: 'old', createdAt: new Date(Date.now() - 61_000) },
      { _id: 'new', createdAt: new Date() },
    ]);
    expect((await sessions.find({})).map((d) => d._id)).toEqual(['new']);
  });

  it('a unique index built over existing duplicates fails with 11000', async () => {
    store = await openStore({ name: 'account', inMemory: true });
    const users = store.collection('users');
    await users.insertMany([
      { _id: 'a', email: 'x@y.z' },
      { _id: 'b', email: 'x@y.z' },
    ]);
    await expect(users.createIndex({ email: 1 }, { unique: true })).rejects.toMatchObject({
      code: 11000,
      message: expect.stringContaining('email_1'),
    });
  });

  it('refuses collection and store names that could leave the data folder', async () => {
    store = await openStore({ name: 'shop', inMemory: true });
    expect(() => store.collection('../x')).toThrow(/invalid/);
    await expect(openStore({ name: '../etc', dataDir: tempDir() })).rejects.toThrow(/invalid/);
  });

  it('operations after close fail clearly', async () => {
    store = await openStore({ name: 'shop', inMemory: true });
    const items = store.collection('items');
    await store.close();
    await expect(items.find({})).rejects.toThrow('The shop store is closed');
  });
});

describe('data folder lock', () => {
  it('a second open of the same folder fails with a clear message, and succeeds after close', async () => {
    const dataDir = tempDir();
    const first = await openStore({ name: 'account', dataDir });
    const error = await openStore({ name: 'account', dataDir }).catch((e) => e);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect(error.message).toBe(
      `Data folder ${path.join(dataDir, 'account')} is in use by another process (pid ${process.pid}). ` +
        'Stop it or set DATA_DIR to another folder.',
    );
    // Another service's folder is independent.
    const other = await openStore({ name: 'catalog', dataDir });
    await other.close();
    await first.close();
    const again = await openStore({ name: 'account', dataDir });
    await again.close();
  });

  it('another process cannot open a folder this process owns', async () => {
    const dataDir = tempDir();
    const owner = await openStore({ name: 'account', dataDir });
    try {
      const { code, stderr } = await runNode(
        `require(${JSON.stringify(path.join(__dirname, '../src/embedded.ts'))})
          .openEmbeddedStore({ name: 'account', dataDir: ${JSON.stringify(dataDir)} })
          .then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); });`,
      );
      expect(code).toBe(3);
      expect(stderr).toContain(
        `Data folder ${path.join(dataDir, 'account')} is in use by another process (pid ${process.pid}).`,
      );
    } finally {
      await owner.close();
    }
  });

  it('a process that holds the folder blocks this one until it exits', async () => {
    const dataDir = tempDir();
    const child = spawnNode(
      `require(${JSON.stringify(path.join(__dirname, '../src/embedded.ts'))})
        .openEmbeddedStore({ name: 'account', dataDir: ${JSON.stringify(dataDir)} })
        .then(() => { console.log('locked'); process.stdin.once('data', () => process.exit(0)); });`,
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
      child.once('exit', (c) => reject(new Error(`child exited ${c}`)));
    });
    await expect(openEmbeddedStore({ name: 'account', dataDir })).rejects.toThrow(`(pid ${child.pid})`);
    child.stdin.write('bye\n');
    await new Promise((resolve) => child.once('exit', resolve));
    // signal-exit in proper-lockfile released the lock as the child exited.
    const store = await openEmbeddedStore({ name: 'account', dataDir });
    await store.close();
  });

  it('a lock left by a crashed process does not block', async () => {
    const dataDir = tempDir();
    const folder = path.join(dataDir, 'account');
    // What a SIGKILLed owner leaves behind: a fresh lock directory and its pid, now dead.
    const { pid } = await runNode('process.exit(0)');
    mkdirSync(path.join(folder, '.lock'), { recursive: true });
    writeFileSync(path.join(folder, 'owner.json'), JSON.stringify({ pid, host: hostname(), since: '' }));
    const store = await openEmbeddedStore({ name: 'account', dataDir });
    expect(JSON.parse(readFileSync(path.join(folder, 'owner.json'), 'utf8')).pid).toBe(process.pid);
    await store.close();
  });
});

/** Node running TypeScript source directly (ts-node, transpile only, CommonJS like the build). */
function spawnNode(code: string) {
  return spawn(process.execPath, ['-r', 'ts-node/register', '-e', code], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      TS_NODE_SKIP_PROJECT: 'true',
      TS_NODE_TRANSPILE_ONLY: 'true',
      TS_NODE_COMPILER_OPTIONS: JSON.stringify({ module: 'commonjs', esModuleInterop: true, target: 'es2022' }),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function runNode(code: string): Promise<{ code: number | null; stderr: string; pid: number }> {
  const child = spawnNode(code);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('exit', (exitCode) => resolve({ code: exitCode, stderr, pid: child.pid! })));
}

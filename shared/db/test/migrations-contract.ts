/**
 * Versioned migrations against a store: run on the embedded store always, on MongoDB when MONGODB_URL is set.
 * Two runners on one store stand for two processes starting at once.
 */
import { MIGRATIONS, MigrationError, runMigrations, type DocumentStore, type Migration } from '../src';

let counter = 0;
/** Each test its own collection of data, as migrations share the store's `migrations` collection. */
const freshName = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

export function describeMigrations(name: string, factory: () => Promise<DocumentStore>): void {
  describe(`versioned migrations: ${name}`, () => {
    let store: DocumentStore;
    beforeEach(async () => {
      store = await factory();
      await store.collection(MIGRATIONS).deleteMany({});
    });
    afterEach(() => store.close());

    /** A migration that marks every document of `coll` with its version and logs each run. */
    const marking = (runs: number[], coll: string, version: number, slowMs = 0): Migration => ({
      version,
      name: `mark ${version}`,
      up: async (s) => {
        runs.push(version);
        if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
        await s.collection(coll).updateMany({}, { $push: { marks: version } });
      },
    });

    it('runs each pending migration once, in order, records it, and the next start runs none', async () => {
      const coll = freshName();
      await store.collection(coll).insertOne({ _id: 'p1', marks: [] });
      const runs: number[] = [];
      const list = [marking(runs, coll, 1), marking(runs, coll, 2), marking(runs, coll, 5)];
      await expect(runMigrations(store, list)).resolves.toEqual({ applied: [1, 2, 5] });
      await expect(runMigrations(store, list)).resolves.toEqual({ applied: [] });
      expect(runs).toEqual([1, 2, 5]);
      expect(await store.collection(coll).findOne({ _id: 'p1' })).toMatchObject({ marks: [1, 2, 5] });
      const records = await store.collection(MIGRATIONS).find({ version: { $exists: true } }, { sort: { version: 1 } });
      expect(records.map((r) => [r.version, r.name])).toEqual([[1, 'mark 1'], [2, 'mark 2'], [5, 'mark 5']]);
      // A later version of the shop adds one: only it runs.
      await expect(runMigrations(store, [...list, marking(runs, coll, 6)])).resolves.toEqual({ applied: [6] });
      expect(runs).toEqual([1, 2, 5, 6]);
    });

    it('two processes starting at once: one runs the migrations, the other waits and runs none again', async () => {
      const coll = freshName();
      await store.collection(coll).insertOne({ _id: 'p1', marks: [] });
      const runs: number[] = [];
      const list = [marking(runs, coll, 1, 50), marking(runs, coll, 2, 50)];
      const [a, b] = await Promise.all([
        runMigrations(store, list, { owner: 'a', pollMs: 10 }),
        runMigrations(store, list, { owner: 'b', pollMs: 10 }),
      ]);
      expect(runs).toEqual([1, 2]);
      expect([...a.applied, ...b.applied].sort()).toEqual([1, 2]);
      expect(await store.collection(coll).findOne({ _id: 'p1' })).toMatchObject({ marks: [1, 2] });
      expect(await store.collection(MIGRATIONS).findOne({ _id: 'lease' })).toBeNull();
    });

    it('a lease its process stopped renewing is taken over once it expires', async () => {
      await store.collection(MIGRATIONS).insertOne({ _id: 'lease', owner: 'crashed', until: Date.now() + 100 });
      const runs: number[] = [];
      const started = Date.now();
      await expect(runMigrations(store, [marking(runs, freshName(), 1)], { pollMs: 20 })).resolves.toEqual({ applied: [1] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    });

    it('a live lease held past the wait refuses the start, naming its holder, and runs nothing', async () => {
      await store.collection(MIGRATIONS).insertOne({ _id: 'lease', owner: 'host-b:4242', until: Date.now() + 60_000 });
      const runs: number[] = [];
      const error = await runMigrations(store, [marking(runs, freshName(), 1)], { waitMs: 100, pollMs: 20 }).catch((e) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect(error.message).toContain('host-b:4242');
      expect(runs).toEqual([]);
    });

    it('a failing migration keeps the ones before it, records nothing for itself and gives the lease back', async () => {
      const coll = freshName();
      const runs: number[] = [];
      let fail = true;
      const flaky: Migration = {
        version: 2,
        name: 'flaky',
        up: async () => {
          runs.push(2);
          if (fail) throw new Error('disk full');
        },
      };
      await expect(runMigrations(store, [marking(runs, coll, 1), flaky])).rejects.toThrow('disk full');
      fail = false;
      await expect(runMigrations(store, [marking(runs, coll, 1), flaky], { waitMs: 0 })).resolves.toEqual({ applied: [2] });
      expect(runs).toEqual([1, 2, 2]);
    });

    it('a process whose lease was taken over stops before recording its migration', async () => {
      const runs: number[] = [];
      const stalled: Migration = {
        version: 1,
        name: 'stalled',
        up: async (s) => {
          runs.push(1);
          // Another process found the lease expired and took it while this one stalled.
          await s.collection(MIGRATIONS).updateOne({ _id: 'lease' }, { $set: { owner: 'other', until: Date.now() + 60_000 } });
        },
      };
      await expect(runMigrations(store, [stalled], { owner: 'me' })).rejects.toThrow(/taken over/);
      expect(await store.collection(MIGRATIONS).countDocuments({ version: 1 })).toBe(0);
      // Its lease was not its own to give back.
      expect(await store.collection(MIGRATIONS).findOne({ _id: 'lease' })).toMatchObject({ owner: 'other' });
    });
  });
}

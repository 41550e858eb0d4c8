import { setImmediate as tick } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { openStore } from '../src';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Whether the array a read returned can be collected once its caller lets go of it. */
async function collectedAfterRead(read: () => Promise<unknown[]>): Promise<boolean> {
  let result: unknown[] | null = await read();
  const ref = new WeakRef(result);
  expect(result.length).toBeGreaterThan(0);
  result = null;
  await tick();
  await tick();
  gc();
  return ref.deref() === undefined;
}

describe('the embedded store keeps no read result alive', () => {
  it('a large find, the last operation on its collection, is garbage once its caller drops it', async () => {
    const store = await openStore({ name: 'memory-test', inMemory: true });
    const items = store.collection<{ _id: string; n: number }>('items');
    await items.insertMany(Array.from({ length: 500 }, (_, n) => ({ _id: `i${n}`, n })));
    expect(await collectedAfterRead(() => items.find({}))).toBe(true);
    expect(await collectedAfterRead(() => items.find({ n: { $gte: 10 } }, { sort: { n: -1 } }))).toBe(true);
    await store.close();
  });
});

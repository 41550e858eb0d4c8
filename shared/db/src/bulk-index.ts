/**
 * nedb loads a collection by inserting every document into every index's AVL tree one at a time, with a rotation
 * check per insert. At 100,000 audit entries and seven indexes that was a third of the service's start (5.3 of
 * 16 s), and the start at 1,000,000 entries ran past the plugin timeout. This builds the same trees from the
 * documents sorted with each index's own comparison (a file written in key order is sorted in one pass), as a
 * balanced tree in one go: same keys, same documents per key in the same order, same node fields and heights.
 * An index this does not model (an array value, which nedb spreads over several keys, or a duplicate under a
 * unique index, which must fail with nedb's own error) is left to nedb's insert.
 */
import type { NedbIndex, TreeNode } from './nedb-index-removal';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const nedbModel = require('@seald-io/nedb/lib/model.js') as { getDotValues(doc: unknown, fields: string[]): unknown };

/** A tree node as the build sets it: the fields nedb's own insert and rotations keep. */
interface BuiltNode extends TreeNode {
  left: BuiltNode | null;
  right: BuiltNode | null;
  parent: BuiltNode | null;
  height: number;
  createSimilar(options: object): BuiltNode;
}

/** What this needs of one nedb index (the fields nedb's own insert reads). */
interface BulkIndex extends Omit<NedbIndex, 'tree'> {
  unique: boolean;
  tree: { tree: BuiltNode };
  reset(docs?: unknown): void;
}

/** Below this many documents nedb's own inserts are as quick, and the code path every test exercises. */
const BULK_FROM = 1000;

const isUnsetKey = (key: unknown) =>
  key === undefined || (typeof key === 'object' && key !== null && Object.values(key).every((v) => v === undefined));

/** Empties `index` and fills it with `docs`, as `index.reset(docs)` does; false when left to nedb (unchanged then). */
export function bulkReset(index: BulkIndex, docs: readonly unknown[]): boolean {
  if (docs.length < BULK_FROM) return false;
  const keyed: Array<{ key: unknown; doc: unknown }> = [];
  for (const doc of docs) {
    const key = nedbModel.getDotValues(doc, index._fields);
    if (index.sparse && isUnsetKey(key)) continue;
    if (Array.isArray(key)) return false;
    keyed.push({ key, doc });
  }
  index.reset();
  const root = index.tree.tree;
  const compare = root.compareKeys;
  // Array.prototype.sort is stable: documents under one key keep their load order, as one-by-one inserts append them.
  keyed.sort((a, b) => compare(a.key, b.key));
  const groups: Array<{ key: unknown; data: unknown[] }> = [];
  for (const { key, doc } of keyed) {
    const last = groups[groups.length - 1];
    if (last && compare(last.key, key) === 0) {
      if (index.unique) {
        index.reset();
        return false;
      }
      last.data.push(doc);
    } else groups.push({ key, data: [doc] });
  }
  if (groups.length === 0) return true;
  const build = (node: BuiltNode, from: number, to: number): number => {
    const mid = (from + to) >>> 1;
    node.key = groups[mid].key;
    node.data = groups[mid].data;
    let left = 0;
    let right = 0;
    if (from < mid) {
      node.left = node.createSimilar({});
      node.left.parent = node;
      left = build(node.left, from, mid - 1);
    }
    if (mid < to) {
      node.right = node.createSimilar({});
      node.right.parent = node;
      right = build(node.right, mid + 1, to);
    }
    node.height = 1 + Math.max(left, right);
    return node.height;
  };
  build(root, 0, groups.length - 1);
  return true;
}

/** nedb's `_resetIndexes(docs)` (every load), building each index with bulkReset where it can. */
export function bulkResetIndexes(ds: unknown): void {
  const target = ds as { indexes: Record<string, BulkIndex>; _resetIndexes(docs?: unknown): void };
  const reset = target._resetIndexes.bind(ds);
  target._resetIndexes = (docs?: unknown) => {
    if (!Array.isArray(docs)) return reset(docs);
    for (const index of Object.values(target.indexes)) {
      if (!bulkReset(index, docs)) index.reset(docs);
    }
  };
}

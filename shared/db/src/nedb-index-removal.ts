/**
 * nedb's index upkeep without its costliest steps, installed on one datastore's indexes.
 *
 * nedb's indexes are AVL trees whose node holds every document sharing the key. Removing one document from a node
 * holding several rebuilds that list through a callback per document (binary-search-tree's `delete`), and every
 * update removes the old document and inserts the new one. On a key nearly every document shares (orders by
 * review status, by customer, products by category) each write then cost a JavaScript loop and a new array the size
 * of the collection: the largest part of an order write's index upkeep as orders accumulate.
 *
 * Removal: the node is found the same way (a tree walk, O(log n)) and the document leaves its list by identity
 * (`indexOf` and `splice`, native and allocation-free): the same documents in the same order as nedb's own removal,
 * which compares by identity too. Anything else (a node with one document, whose whole node goes, or a tree with
 * another equality) takes nedb's own path. The list is changed in place instead of replaced: nothing keeps one
 * across a write (nedb and this store copy a lookup's documents out before any await).
 *
 * Update: most writes leave most of a document's index keys as they were (an order has ten indexes; a payment
 * changes two of their keys). For such an index the new document takes the old one's place in its key's node
 * (one tree walk, no removal and insertion with their rebalancing), so it keeps its place among the documents
 * sharing that key. A changed key, an array value (one node per element) or a document one of the two versions
 * leaves out of a sparse index takes nedb's own removal and insertion; if that fails (a unique violation) the
 * places taken are given back before nedb's error goes on, so the index is as it was, as nedb guarantees.
 *
 * Only the trees and indexes of the datastores given to `removeByIdentity` change, each through its own `delete`
 * or `update` property: nedb's classes are left as they are for every other user of nedb in the process. The
 * internals this relies on are checked by test/nedb-internals.test.ts.
 */

/** A node of binary-search-tree's AVL tree (the root is a node too). */
export interface TreeNode {
  key?: unknown;
  left: TreeNode | null;
  right: TreeNode | null;
  data: unknown[];
  compareKeys(a: unknown, b: unknown): number;
  checkValueEquality(a: unknown, b: unknown): boolean;
}

/** binary-search-tree's AVLTree: the object an nedb index holds as `tree`, whose `tree` is the root node. */
export interface AvlTree {
  tree: TreeNode;
  delete(key: unknown, value?: unknown): void;
}

/** An nedb index (lib/indexes): its fields, sparseness, tree and update. */
export interface NedbIndex {
  _fields: string[];
  sparse: boolean;
  tree: AvlTree;
  update(oldDoc: unknown, newDoc?: unknown): void;
}

interface IndexedDatastore {
  indexes: Record<string, NedbIndex>;
  _removeFromIndexes(doc: unknown): void;
  _updateIndexes(oldDoc: unknown, newDoc?: unknown): void;
}

/** nedb's own equality of index values: identity (lib/indexes checkValueEquality). */
const isIdentity = (equal: (a: unknown, b: unknown) => boolean) => {
  const a = {};
  return equal(a, a) === true && equal(a, {}) === false;
};

// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal file nedb ships without types, typed here
const model = require('@seald-io/nedb/lib/model') as { getDotValues(doc: unknown, fields: string[]): unknown };

/** The node holding `key`, or null. */
function nodeOf(root: TreeNode, key: unknown): TreeNode | null {
  if (!Object.prototype.hasOwnProperty.call(root, 'key')) return null; // an empty tree
  let node: TreeNode | null = root;
  while (node) {
    const c = node.compareKeys(key, node.key);
    if (c === 0) return node;
    node = c < 0 ? node.left : node.right;
  }
  return null;
}

/** Removes `value` from the node of `key` when other documents share it; false when nedb's own removal must run. */
function removeFromSharedKey(root: TreeNode, key: unknown, value: unknown): boolean {
  if (!Object.prototype.hasOwnProperty.call(root, 'key')) return false; // an empty tree
  const node = nodeOf(root, key);
  if (!node) return true; // no such key: nedb changes nothing either
  if (node.data.length < 2) return false;
  for (let i = node.data.indexOf(value); i !== -1; i = node.data.indexOf(value, i)) node.data.splice(i, 1);
  return true;
}

/** What nedb's insert leaves out of a sparse index: no value, or a compound key of no values. */
const unindexed = (index: NedbIndex, key: unknown) =>
  index.sparse && (key === undefined || (typeof key === 'object' && key !== null && Object.values(key).every((v) => v === undefined)));

type Pair = { oldDoc: unknown; newDoc: unknown };

/**
 * Puts `to` in `from`'s place when both have the same single key in this index (or neither is in it); false when
 * nedb's own removal and insertion must run.
 */
function replaceInPlace(index: NedbIndex, from: unknown, to: unknown): boolean {
  const before = model.getDotValues(from, index._fields);
  const after = model.getDotValues(to, index._fields);
  if (Array.isArray(before) || Array.isArray(after)) return false;
  const skipped = unindexed(index, before);
  if (skipped !== unindexed(index, after)) return false;
  if (skipped) return true;
  const root = index.tree.tree;
  if (root.compareKeys(before, after) !== 0) return false;
  const node = nodeOf(root, before);
  const at = node ? node.data.indexOf(from) : -1;
  if (at === -1) return false;
  node!.data[at] = to;
  return true;
}

const installedIndexes = new WeakSet<NedbIndex>();

function installUpdate(index: NedbIndex): void {
  if (installedIndexes.has(index)) return;
  installedIndexes.add(index);
  if (!isIdentity(index.tree.tree.checkValueEquality)) return;
  const nedbUpdate = index.update;
  Object.defineProperty(index, 'update', {
    configurable: true,
    writable: true,
    value: function updateChangedKeys(this: NedbIndex, oldDoc: unknown, newDoc?: unknown): void {
      const pairs: Pair[] = Array.isArray(oldDoc) ? oldDoc : [{ oldDoc, newDoc }];
      const replaced: Pair[] = [];
      const changed: Pair[] = [];
      for (const pair of pairs) (replaceInPlace(this, pair.oldDoc, pair.newDoc) ? replaced : changed).push(pair);
      if (changed.length === 0) return;
      try {
        nedbUpdate.call(this, changed);
      } catch (err) {
        // nedb rolled its part back; the places taken go back too, so the whole update leaves the index as it was.
        for (const pair of replaced) replaceInPlace(this, pair.newDoc, pair.oldDoc);
        throw err;
      }
    },
  });
}

const installed = new WeakSet<AvlTree>();

function install(tree: AvlTree): void {
  if (installed.has(tree)) return;
  installed.add(tree);
  if (!isIdentity(tree.tree.checkValueEquality)) return;
  const nedbDelete = tree.delete;
  Object.defineProperty(tree, 'delete', {
    configurable: true,
    writable: true,
    value: function removeFromKey(this: AvlTree, key: unknown, value?: unknown): void {
      if (value !== undefined && removeFromSharedKey(this.tree, key, value)) return;
      nedbDelete.call(this, key, value);
    },
  });
}

/**
 * Makes this datastore's index removals go by identity, and its updates leave unchanged keys in place. nedb
 * replaces an index's tree when it resets the index (load, a failed write rolled back) and adds indexes, so each
 * removal and update first installs on trees and indexes it has not seen.
 */
export function removeByIdentity(datastore: unknown): void {
  const ds = datastore as IndexedDatastore;
  const installAll = () => {
    for (const name in ds.indexes) {
      install(ds.indexes[name].tree);
      installUpdate(ds.indexes[name]);
    }
  };
  const remove = ds._removeFromIndexes.bind(ds);
  const update = ds._updateIndexes.bind(ds);
  ds._removeFromIndexes = (doc) => {
    installAll();
    remove(doc);
  };
  ds._updateIndexes = (oldDoc, newDoc) => {
    installAll();
    update(oldDoc, newDoc);
  };
}

/**
 * nedb's index removal without rebuilding the key's document list, installed on one datastore's indexes.
 *
 * nedb's indexes are AVL trees whose node holds every document sharing the key. Removing one document from a node
 * holding several rebuilds that list through a callback per document (binary-search-tree's `delete`), and every
 * update removes the old document and inserts the new one. On a key nearly every document shares (orders by
 * review status, by customer, products by category) each write then cost a JavaScript loop and a new array the size
 * of the collection: the largest part of an order write's index upkeep as orders accumulate.
 *
 * Here the node is found the same way (a tree walk, O(log n)) and the document leaves its list by identity
 * (`indexOf` and `splice`, native and allocation-free): the same documents in the same order as nedb's own removal,
 * which compares by identity too. Anything else (a node with one document, whose whole node goes, or a tree with
 * another equality) takes nedb's own path. The list is changed in place instead of replaced: nothing keeps one
 * across a write (nedb and this store copy a lookup's documents out before any await).
 *
 * Only the trees of the datastores given to `removeByIdentity` change, each through its own `delete` property:
 * nedb's classes are left as they are for every other user of nedb in the process. The internals this relies on
 * are checked by test/nedb-internals.test.ts.
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

interface IndexedDatastore {
  indexes: Record<string, { tree: AvlTree }>;
  _removeFromIndexes(doc: unknown): void;
  _updateIndexes(oldDoc: unknown, newDoc?: unknown): void;
}

/** nedb's own equality of index values: identity (lib/indexes checkValueEquality). */
const isIdentity = (equal: (a: unknown, b: unknown) => boolean) => {
  const a = {};
  return equal(a, a) === true && equal(a, {}) === false;
};

/** Removes `value` from the node of `key` when other documents share it; false when nedb's own removal must run. */
function removeFromSharedKey(root: TreeNode, key: unknown, value: unknown): boolean {
  if (!Object.prototype.hasOwnProperty.call(root, 'key')) return false; // an empty tree
  let node: TreeNode | null = root;
  while (node) {
    const c = node.compareKeys(key, node.key);
    if (c === 0) break;
    node = c < 0 ? node.left : node.right;
  }
  if (!node) return true; // no such key: nedb changes nothing either
  if (node.data.length < 2) return false;
  for (let i = node.data.indexOf(value); i !== -1; i = node.data.indexOf(value, i)) node.data.splice(i, 1);
  return true;
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
 * Makes this datastore's index removals go by identity. nedb replaces an index's tree when it resets the index
 * (load, a failed write rolled back), so each removal first installs it on trees it has not seen.
 */
export function removeByIdentity(datastore: unknown): void {
  const ds = datastore as IndexedDatastore;
  const installAll = () => {
    for (const name in ds.indexes) install(ds.indexes[name].tree);
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

/**
 * nedb's index removal without rebuilding the key's document list.
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
 */
import { createRequire } from 'node:module';

interface TreeNode {
  key?: unknown;
  left: TreeNode | null;
  right: TreeNode | null;
  data: unknown[];
  compareKeys(a: unknown, b: unknown): number;
  checkValueEquality(a: unknown, b: unknown): boolean;
  delete(key: unknown, value?: unknown): TreeNode;
}

const requireFromNedb = createRequire(require.resolve('@seald-io/nedb/lib/indexes'));
const Index = requireFromNedb('@seald-io/nedb/lib/indexes') as new (options: { fieldName: string }) => {
  tree: { tree: TreeNode };
};

let installed = false;

/** The root as a walk's starting node. */
const nodeOf = (root: TreeNode): TreeNode | null => root;

/** Installs the removal once per process (nedb's tree class is shared by every datastore). */
export function installIndexRemoval(): void {
  if (installed) return;
  installed = true;
  const probe = new Index({ fieldName: 'x' }).tree.tree;
  const identity = probe.checkValueEquality;
  const a = {};
  // Only the equality nedb's indexes use (identity) is replaced; a different one keeps nedb's removal.
  if (identity(a, a) !== true || identity(a, {}) !== false) return;
  const proto = Object.getPrototypeOf(probe) as TreeNode;
  const nedbDelete = proto.delete;
  proto.delete = function removeFromKey(this: TreeNode, key: unknown, value?: unknown): TreeNode {
    if (value !== undefined && this.checkValueEquality === identity && Object.prototype.hasOwnProperty.call(this, 'key')) {
      let node = nodeOf(this);
      while (node) {
        const c = node.compareKeys(key, node.key);
        if (c === 0) break;
        node = c < 0 ? node.left : node.right;
      }
      if (!node) return this; // no such key: nedb changes nothing either
      if (node.data.length > 1) {
        for (let i = node.data.indexOf(value); i !== -1; i = node.data.indexOf(value, i)) node.data.splice(i, 1);
        return this;
      }
    }
    return nedbDelete.call(this, key, value);
  };
}

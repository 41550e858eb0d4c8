/**
 * Translates MongoDB filters and updates into what nedb evaluates with MongoDB's meaning, and rejects
 * everything else. nedb differs from MongoDB in ways that would silently change results, so they are
 * rewritten here:
 * - `$eq` does not exist in nedb: it becomes a plain equality.
 * - `$ne`/`$nin` on an array field match when ANY element differs in nedb, but when NO element is equal
 *   in MongoDB: they become `$not` of the equality / `$in`.
 * - `{field: null}` (and `$in` with null) matches a missing field in MongoDB, not in nedb.
 * - `$not` is a field-level operator in MongoDB but a top-level one in nedb.
 * - `$nor` becomes `$not: {$or}`.
 * - a `$regex` string is refused: services build RegExp from escaped text, never from user input.
 */
import type { Filter, Projection, SortSpec, Update } from './port';

export class UnsupportedOperatorError extends Error {
  readonly code = 'UNSUPPORTED_OPERATOR';
  constructor(operator: string, detail = '') {
    super(`operator ${operator} is not supported by the embedded store${detail ? `: ${detail}` : ''}`);
    this.name = 'UnsupportedOperatorError';
  }
}

export class InvalidQueryError extends Error {
  readonly code = 'INVALID_QUERY';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQueryError';
  }
}

type Query = Record<string, unknown>;

export const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

const isOperatorObject = (v: unknown): v is Record<string, unknown> => {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length > 0 && ops.length !== keys.length) {
    throw new InvalidQueryError(`cannot mix operators and field names in ${JSON.stringify(keys)}`);
  }
  return ops.length > 0;
};

/**
 * Clauses on different keys are merged into one object (the same AND for nedb), so nedb can pick an index for
 * `{_id, stock}` instead of matching every document against an `$and`; a key twice keeps the `$and`.
 */
const and = (clauses: Query[]): Query => {
  if (clauses.length === 0) return {};
  if (clauses.length === 1) return clauses[0];
  const merged: Query = {};
  for (const clause of clauses) {
    for (const [key, value] of Object.entries(clause)) {
      if (key in merged) return { $and: clauses };
      merged[key] = value;
    }
  }
  return merged;
};

const equality = (path: string, value: unknown): Query => {
  if (value === undefined) throw new InvalidQueryError(`filter value for '${path}' is undefined`);
  if (value === null) return { $or: [{ [path]: null }, { [path]: { $exists: false } }] };
  if (isPlainObject(value)) assertNoOperatorKeys(value, path);
  return { [path]: value };
};

function assertNoOperatorKeys(value: unknown, path: string): void {
  if (Array.isArray(value)) return value.forEach((v) => assertNoOperatorKeys(v, path));
  if (!isPlainObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('$')) throw new UnsupportedOperatorError(k, `inside the value of '${path}'`);
    assertNoOperatorKeys(v, path);
  }
}

const inClause = (path: string, values: unknown, op: string): Query => {
  if (!Array.isArray(values)) throw new InvalidQueryError(`${op} on '${path}' needs an array`);
  values.forEach((v) => {
    if (v === undefined) throw new InvalidQueryError(`${op} on '${path}' contains undefined`);
    if (v instanceof RegExp) throw new UnsupportedOperatorError(op, 'a RegExp inside $in/$nin');
    assertNoOperatorKeys(v, path);
  });
  const clause = { [path]: { $in: values } };
  return values.includes(null) ? { $or: [clause, { [path]: { $exists: false } }] } : clause;
};

const checkRegex = (path: string, value: unknown): RegExp => {
  if (!(value instanceof RegExp)) {
    throw new InvalidQueryError(
      `$regex on '${path}' must be a RegExp built from escaped text, not a ${typeof value}`,
    );
  }
  return value;
};

const COMPARISONS = new Set(['$gt', '$gte', '$lt', '$lte']);

function fieldClauses(path: string, condition: unknown): Query[] {
  if (path === '' || path.split('.').some((p) => p === '' || p.startsWith('$'))) {
    throw new InvalidQueryError(`invalid field path '${path}' in filter`);
  }
  if (condition instanceof RegExp) return [{ [path]: condition }];
  if (!isOperatorObject(condition)) return [equality(path, condition)];

  const clauses: Query[] = [];
  // A range's bounds stay in one object ({$gte, $lt}), which nedb answers from an index on the field.
  let bounds: Record<string, unknown> | null = null;
  for (const [op, value] of Object.entries(condition)) {
    if (value === undefined) throw new InvalidQueryError(`filter value for '${path}.${op}' is undefined`);
    if (COMPARISONS.has(op)) {
      if (!bounds) clauses.push({ [path]: (bounds = {}) });
      bounds[op] = value;
    } else if (op === '$eq') {
      clauses.push(equality(path, value));
    } else if (op === '$ne') {
      clauses.push({ $not: equality(path, value) });
    } else if (op === '$in') {
      clauses.push(inClause(path, value, op));
    } else if (op === '$nin') {
      clauses.push({ $not: inClause(path, value, op) });
    } else if (op === '$exists') {
      clauses.push({ [path]: { $exists: Boolean(value) } });
    } else if (op === '$regex') {
      clauses.push({ [path]: checkRegex(path, value) });
    } else if (op === '$size') {
      if (!Number.isInteger(value)) throw new InvalidQueryError(`$size on '${path}' needs an integer`);
      clauses.push({ [path]: { $size: value } });
    } else if (op === '$elemMatch') {
      clauses.push({ [path]: { $elemMatch: elemCondition(path, value) } });
    } else if (op === '$not') {
      if (value instanceof RegExp) clauses.push({ $not: { [path]: value } });
      else if (isOperatorObject(value)) clauses.push({ $not: and(fieldClauses(path, value)) });
      else throw new InvalidQueryError(`$not on '${path}' needs a RegExp or an operator object`);
    } else {
      throw new UnsupportedOperatorError(op);
    }
  }
  return clauses;
}

/**
 * The condition of `$elemMatch` or `$pull`: either a filter on sub-documents (translated like any
 * filter), or operators applied to each primitive element. nedb evaluates the latter natively, so only
 * operators whose nedb meaning on a single value equals MongoDB's are allowed there.
 */
const ELEMENT_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$ne', '$regex', '$exists']);
function elemCondition(path: string, condition: unknown): unknown {
  if (isOperatorObject(condition) && !Object.keys(condition).some((k) => LOGICAL.has(k))) {
    const out: Record<string, unknown> = {};
    for (const [op, value] of Object.entries(condition)) {
      if (op === '$eq') {
        if (isPlainObject(value) || Array.isArray(value)) {
          throw new UnsupportedOperatorError('$eq', `with an object value on elements of '${path}'`);
        }
        out.$in = [value];
      } else if (ELEMENT_OPERATORS.has(op)) {
        if (op === '$regex') checkRegex(path, value);
        if ((op === '$in' || op === '$nin') && !Array.isArray(value)) {
          throw new InvalidQueryError(`${op} on elements of '${path}' needs an array`);
        }
        out[op] = value;
      } else {
        throw new UnsupportedOperatorError(op, `on elements of '${path}'`);
      }
    }
    return out;
  }
  if (isPlainObject(condition)) return translateFilter(condition);
  return condition;
}

const LOGICAL = new Set(['$and', '$or', '$nor']);

/** MongoDB filter -> nedb query with the same meaning, or a thrown error. */
export function translateFilter(filter: Filter | undefined): Query {
  if (filter === undefined) return {};
  if (!isPlainObject(filter)) throw new InvalidQueryError('a filter must be a plain object');
  const clauses: Query[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (!LOGICAL.has(key)) throw new UnsupportedOperatorError(key);
      if (!Array.isArray(value) || value.length === 0) {
        throw new InvalidQueryError(`${key} needs a non-empty array of filters`);
      }
      const parts = value.map((f) => translateFilter(f as Filter));
      if (key === '$nor') clauses.push({ $not: { $or: parts } });
      else clauses.push({ [key]: parts });
    } else {
      clauses.push(...fieldClauses(key, value));
    }
  }
  return and(clauses);
}

const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet', '$min', '$max']);

/** Validates a MongoDB update (operators only, as `updateOne` requires) and adapts `$pull` conditions. */
export function translateUpdate(update: Update): Update {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    throw new InvalidQueryError('an update needs at least one update operator such as $set');
  }
  const out: Update = {};
  for (const [op, fields] of Object.entries(update)) {
    if (!op.startsWith('$')) {
      throw new InvalidQueryError(
        `update field '${op}' is not an operator: replacing whole documents is not supported, use $set`,
      );
    }
    if (!UPDATE_OPERATORS.has(op)) throw new UnsupportedOperatorError(op);
    if (!isPlainObject(fields) || Object.keys(fields).length === 0) {
      throw new InvalidQueryError(`${op} needs a non-empty object of fields`);
    }
    const adapted: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(fields)) {
      if (path === '' || path.split('.').some((p) => p === '' || p.startsWith('$'))) {
        throw new UnsupportedOperatorError(
          path.includes('$') ? 'positional $' : path,
          `invalid update path '${path}'; read the document, change the array and $set it`,
        );
      }
      if (op === '$inc' && typeof value !== 'number') {
        throw new InvalidQueryError(`$inc on '${path}' needs a number`);
      }
      if (op === '$push' || op === '$addToSet') {
        if (isOperatorObject(value)) {
          const allowed = op === '$push' ? ['$each', '$slice'] : ['$each'];
          for (const k of Object.keys(value)) {
            if (!allowed.includes(k)) throw new UnsupportedOperatorError(k, `inside ${op}`);
          }
          if (!Array.isArray(value.$each)) throw new InvalidQueryError(`${op} on '${path}' needs $each as an array`);
        }
      }
      adapted[path] = op === '$pull' ? elemCondition(path, value) : value;
    }
    out[op] = adapted;
  }
  return out;
}

export function checkSort(sort: SortSpec | undefined): SortSpec | undefined {
  if (!sort) return undefined;
  for (const [k, v] of Object.entries(sort)) {
    if (v !== 1 && v !== -1) throw new InvalidQueryError(`sort direction for '${k}' must be 1 or -1`);
  }
  return sort;
}

export function checkProjection(projection: Projection | undefined): Projection | undefined {
  if (!projection || Object.keys(projection).length === 0) return undefined;
  for (const [k, v] of Object.entries(projection)) {
    if (v !== 0 && v !== 1) throw new InvalidQueryError(`projection for '${k}' must be 0 or 1`);
  }
  return projection;
}

/**
 * MongoDB's upsert seeds the new document with the filter's equality conditions (top level, `$eq`,
 * and inside `$and`), then applies the update.
 */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  const setPath = (path: string, value: unknown) => {
    const parts = path.split('.');
    let target = seed;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]] = value;
  };
  const walk = (f: Filter) => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(value)) value.forEach((sub) => walk(sub as Filter));
      else if (key.startsWith('$') || value instanceof RegExp) continue;
      else if (isOperatorObject(value)) {
        if ('$eq' in value) setPath(key, value.$eq);
      } else setPath(key, value);
    }
  };
  walk(filter);
  return seed;
}

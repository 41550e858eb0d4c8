// No server: the plan the MongoDB adapter follows to bring an index to what a service asks for.
import { defaultIndexName, planIndex, type ExistingIndex } from '../src/mongo-index-plan';

const idIndex: ExistingIndex = { name: '_id_', key: { _id: 1 } };

describe('MongoDB index plan', () => {
  it('creates a missing index under MongoDB default name or the one given', () => {
    expect(planIndex({ createdAt: -1, _id: 1 }, {}, [idIndex])).toEqual({
      name: 'createdAt_-1__id_1',
      steps: [{ kind: 'create', key: { createdAt: -1, _id: 1 }, options: { name: 'createdAt_-1__id_1' } }],
    });
    expect(planIndex({ email: 1 }, { unique: true, name: 'email_unique' }, []).steps).toEqual([
      { kind: 'create', key: { email: 1 }, options: { unique: true, name: 'email_unique' } },
    ]);
  });

  it('does nothing when the same key and options exist, under any name', () => {
    const existing: ExistingIndex[] = [idIndex, { name: 'old_name', key: { userId: 1 } }];
    expect(planIndex({ userId: 1 }, {}, existing)).toEqual({ name: 'old_name', steps: [] });
    // listIndexes may answer directions as doubles or longs, and TTLs likewise
    expect(planIndex({ at: 1 }, { expireAfterSeconds: 0 }, [{ name: 'at_1', key: { at: 1.0 }, expireAfterSeconds: 0 }]).steps).toEqual([]);
  });

  it('changes a TTL in place with collMod', () => {
    const existing: ExistingIndex[] = [{ name: 'expiresAt_ttl', key: { expiresAt: 1 }, expireAfterSeconds: 0 }];
    expect(planIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600, name: 'expiresAt_ttl' }, existing)).toEqual({
      name: 'expiresAt_ttl',
      steps: [{ kind: 'ttl', name: 'expiresAt_ttl', expireAfterSeconds: 3600 }],
    });
  });

  it('rebuilds an index that becomes unique, or stops being', () => {
    const plain: ExistingIndex[] = [{ name: 'tokenHash_1', key: { tokenHash: 1 } }];
    expect(planIndex({ tokenHash: 1 }, { unique: true }, plain).steps).toEqual([
      { kind: 'drop', name: 'tokenHash_1', reason: 'unique false -> true' },
      { kind: 'create', key: { tokenHash: 1 }, options: { unique: true, name: 'tokenHash_1' } },
    ]);
    const unique: ExistingIndex[] = [{ name: 'tokenHash_1', key: { tokenHash: 1 }, unique: true }];
    expect(planIndex({ tokenHash: 1 }, {}, unique).steps.map((s) => s.kind)).toEqual(['drop', 'create']);
  });

  it('rebuilds when a TTL is added to or taken from an index (collMod cannot), or sparse changes', () => {
    const plain: ExistingIndex[] = [{ name: 'expire_1', key: { expire: 1 } }];
    expect(planIndex({ expire: 1 }, { expireAfterSeconds: 0 }, plain).steps).toEqual([
      { kind: 'drop', name: 'expire_1', reason: 'expireAfterSeconds none -> 0' },
      { kind: 'create', key: { expire: 1 }, options: { expireAfterSeconds: 0, name: 'expire_1' } },
    ]);
    const ttl: ExistingIndex[] = [{ name: 'expire_1', key: { expire: 1 }, expireAfterSeconds: 60 }];
    expect(planIndex({ expire: 1 }, {}, ttl).steps.map((s) => s.kind)).toEqual(['drop', 'create']);
    expect(planIndex({ expire: 1 }, { sparse: true }, plain).steps.map((s) => s.kind)).toEqual(['drop', 'create']);
  });

  it('a TTL index under another name keeps that name through collMod', () => {
    const existing: ExistingIndex[] = [{ name: 'expiresAt_1', key: { expiresAt: 1 }, expireAfterSeconds: 0 }];
    expect(planIndex({ expiresAt: 1 }, { expireAfterSeconds: 60, name: 'expiresAt_ttl' }, existing)).toEqual({
      name: 'expiresAt_1',
      steps: [{ kind: 'ttl', name: 'expiresAt_1', expireAfterSeconds: 60 }],
    });
  });

  it('a name given to a new key drops the old index of that name first', () => {
    // users/store.ts: 'createdAt' was { createdAt: -1 } and pages now need { createdAt: -1, _id: 1 }
    const existing: ExistingIndex[] = [idIndex, { name: 'createdAt', key: { createdAt: -1 } }];
    expect(planIndex({ createdAt: -1, _id: 1 }, { name: 'createdAt' }, existing)).toEqual({
      name: 'createdAt',
      steps: [
        { kind: 'drop', name: 'createdAt', reason: 'the name createdAt now indexes createdAt_-1__id_1' },
        { kind: 'create', key: { createdAt: -1, _id: 1 }, options: { name: 'createdAt' } },
      ],
    });
  });

  it('key order and direction make different indexes', () => {
    const existing: ExistingIndex[] = [{ name: 'a_1_b_1', key: { a: 1, b: 1 } }];
    expect(planIndex({ b: 1, a: 1 }, {}, existing).steps.map((s) => s.kind)).toEqual(['create']);
    expect(planIndex({ a: 1, b: -1 }, {}, existing).steps.map((s) => s.kind)).toEqual(['create']);
    expect(planIndex({ a: 1 }, {}, existing).steps.map((s) => s.kind)).toEqual(['create']);
  });

  it('names like MongoDB', () => {
    expect(defaultIndexName({ 'review.status': 1, paymentStatus: 1, createdAt: -1, _id: 1 })).toBe('review.status_1_paymentStatus_1_createdAt_-1__id_1');
  });
});

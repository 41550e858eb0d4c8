// No server: which collections MongoDB writes with majority and journal, and reads at majority.
import { MongoClient } from 'mongodb';
import { concernsFor, MAJORITY_WRITE_TIMEOUT_MS } from '../src/mongo-concerns';

describe('MongoDB read and write concerns', () => {
  const critical = new Set(['orders', 'orderHolds']);

  it('a collection for money, orders or stock writes to a majority with journal and reads majority-committed data', () => {
    expect(concernsFor('orders', critical)).toEqual({
      writeConcern: { w: 'majority', journal: true, wtimeoutMS: MAJORITY_WRITE_TIMEOUT_MS },
      readConcern: { level: 'majority' },
    });
  });

  it('other collections keep the client defaults', () => {
    expect(concernsFor('carts', critical)).toEqual({});
    expect(concernsFor('orders', new Set())).toEqual({});
  });

  it('the options handed out are copies: a change to one cannot weaken another collection', () => {
    const first = concernsFor('orders', critical) as { writeConcern: { w: unknown } };
    first.writeConcern.w = 1;
    expect(concernsFor('orderHolds', critical)).toMatchObject({ writeConcern: { w: 'majority' } });
  });

  it('the driver takes them as the concerns of the collection (a client never connected: no server needed)', () => {
    const db = new MongoClient('mongodb://127.0.0.1:9/').db('checkout');
    const orders = db.collection('orders', concernsFor('orders', critical));
    expect(orders.writeConcern).toMatchObject({ w: 'majority', journal: true, wtimeoutMS: MAJORITY_WRITE_TIMEOUT_MS });
    expect(orders.readConcern).toMatchObject({ level: 'majority' });
    const carts = db.collection('carts', concernsFor('carts', critical));
    expect(carts.writeConcern).toBeUndefined();
    expect(carts.readConcern).toBeUndefined();
  });
});

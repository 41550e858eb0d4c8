import { MigrationError, openStore, pendingMigrations, type Migration } from '../src';
import { describeMigrations } from './migrations-contract';

const m = (version: number, name = `m${version}`): Migration => ({ version, name, up: async () => undefined });

describe('which migrations are pending', () => {
  it('those not on record, in version order', () => {
    expect(pendingMigrations([m(1), m(2), m(3)], [{ version: 1, name: 'm1' }]).map((x) => x.version)).toEqual([2, 3]);
    expect(pendingMigrations([m(1), m(2)], [])).toHaveLength(2);
  });

  it('refuses a list out of order, with a repeated version, or a version that is not a whole number above 0', () => {
    expect(() => pendingMigrations([m(2), m(1)], [])).toThrow(MigrationError);
    expect(() => pendingMigrations([m(1), m(1)], [])).toThrow(/rising order/);
    expect(() => pendingMigrations([m(0)], [])).toThrow(/above 0/);
    expect(() => pendingMigrations([m(1.5)], [])).toThrow(/whole numbers/);
  });

  it('refuses a version on record under another name (a version reused for another change)', () => {
    expect(() => pendingMigrations([m(1, 'products-version')], [{ version: 1, name: 'something else' }])).toThrow(
      'Migration 1 ran as "something else", but this version of the shop calls it "products-version".',
    );
  });

  it('refuses a new migration numbered below one already run: it would run out of order', () => {
    expect(() => pendingMigrations([m(1), m(2), m(3)], [{ version: 1, name: 'm1' }, { version: 3, name: 'm3' }])).toThrow(
      'Migration 2 ("m2") is new but 3 already ran: number it above 3.',
    );
  });

  it('leaves alone versions on record that this version of the shop does not know (a newer one ran)', () => {
    expect(pendingMigrations([m(1), m(2)], [{ version: 1, name: 'm1' }, { version: 7, name: 'later' }]).map((x) => x.version)).toEqual([2]);
  });
});

describeMigrations('embedded', () => openStore({ name: 'migrations-test', inMemory: true }));

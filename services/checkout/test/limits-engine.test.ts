import type { SupplyFacts } from '@pharmacy/contracts';
import { firstBreach, windowCounts, type LimitLine, type WindowEntry } from '../src/limits/engine';
import { LIMITS_TABLE_VERSION, limitRules } from '../src/limits/table';

// docs/domain.md#supply-limits: every GB rule at its edge.

const GB = limitRules('GB');
const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86_400_000;

let n = 0;
const line = (supply: SupplyFacts, quantity = 1, title = `Product ${++n}`): LimitLine => ({ productId: `p${n}`, title, quantity, supply });
const tablets = (id: string, units: number, mgPerUnit = 500): SupplyFacts => ({ form: 'tablet', units, ingredients: [{ id, mgPerUnit }] });
const check = (lines: LimitLine[], opts: Parameters<typeof firstBreach>[2] = {}) => firstBreach(GB, lines, { now: NOW, ...opts });
const ruleOf = (lines: LimitLine[], opts?: Parameters<typeof firstBreach>[2]) => check(lines, opts)?.rule.id ?? null;

describe('the GB table', () => {
  it('is versioned, and every rule names its kind and source; laws come first', () => {
    expect(LIMITS_TABLE_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    for (const r of GB) expect(r.source.title.length * r.source.where.length).toBeGreaterThan(0);
    const kinds = GB.map((r) => r.kind);
    expect(kinds.lastIndexOf('law')).toBeLessThan(kinds.indexOf('policy'));
  });

  it('a market without a table has no rules', () => {
    expect(limitRules('IE')).toEqual([]);
  });
});

describe('paracetamol and aspirin tablets per sale (law)', () => {
  it.each(['paracetamol', 'aspirin'])('%s: 100 pass, 101 fail', (id) => {
    const waived = new Set(['gb-painkiller-packs']);
    expect(ruleOf([line(tablets(id, 50)), line(tablets(id, 50))], { waived })).toBeNull();
    expect(ruleOf([line(tablets(id, 50)), line(tablets(id, 51))], { waived })).toBe(`gb-${id}-tablets`);
  });

  it('counts capsules, not effervescent tablets, and says how many the cart has', () => {
    const caps: SupplyFacts = { form: 'capsule', units: 32, ingredients: [{ id: 'paracetamol', mgPerUnit: 500 }] };
    expect(check([line(caps, 4)])?.message).toBe('You can buy up to 100 paracetamol tablets in one order; your cart has 128.');
    const fizzy: SupplyFacts = { form: 'effervescent-tablet', units: 60, ingredients: [{ id: 'paracetamol', mgPerUnit: 500 }] };
    expect(ruleOf([line(fizzy, 2)])).toBeNull();
  });

  it('the law is heard before the policy when both are broken', () => {
    expect(ruleOf([line(tablets('paracetamol', 32), 4)])).toBe('gb-paracetamol-tablets');
  });
});

describe('pseudoephedrine and ephedrine (law)', () => {
  it('720 mg of pseudoephedrine pass, 721 fail', () => {
    expect(ruleOf([line(tablets('pseudoephedrine', 12, 60))])).toBeNull();
    expect(check([line(tablets('pseudoephedrine', 12, 60)), line({ form: 'liquid', units: 1, ingredients: [{ id: 'pseudoephedrine', mgPerUnit: 1 }] })])).toMatchObject({
      rule: { id: 'gb-pseudoephedrine-mg' },
      message: 'You can buy up to 720 mg of pseudoephedrine in one order; your cart has 721 mg.',
    });
  });

  it('180 mg of ephedrine pass, 181 fail', () => {
    expect(ruleOf([line(tablets('ephedrine', 12, 15))])).toBeNull();
    expect(ruleOf([line(tablets('ephedrine', 181, 1))])).toBe('gb-ephedrine-mg');
  });

  it('never the two together, however little', () => {
    expect(check([line(tablets('pseudoephedrine', 1, 60)), line(tablets('ephedrine', 1, 15))])?.rule).toMatchObject({
      id: 'gb-pseudoephedrine-ephedrine',
      kind: 'law',
    });
  });
});

describe('codeine packs of at most 32 (law)', () => {
  it('32 units pass, 33 fail, naming the product', () => {
    expect(ruleOf([line(tablets('codeine', 32, 30))])).toBeNull();
    expect(check([line(tablets('codeine', 33, 30), 1, 'Co-codamol 33')])?.message).toBe(
      'Codeine medicines can only be sold in packs of up to 32; Co-codamol 33 has 33.',
    );
  });

  it('the law cannot be waived', () => {
    expect(ruleOf([line(tablets('codeine', 33, 30))], { waived: new Set(['gb-codeine-pack-size']) })).toBe('gb-codeine-pack-size');
  });
});

describe('two packs of painkillers per sale (policy)', () => {
  it('2 packs pass, 3 fail; a pharmacist’s waiver lets the third through', () => {
    expect(ruleOf([line(tablets('paracetamol', 16), 2)])).toBeNull();
    expect(ruleOf([line(tablets('paracetamol', 16), 2), line(tablets('aspirin', 16))])).toBe('gb-painkiller-packs');
    expect(ruleOf([line(tablets('paracetamol', 16), 3)], { waived: new Set(['gb-painkiller-packs']) })).toBeNull();
  });
});

describe('windows per person and per address (policy)', () => {
  const codeine = tablets('codeine', 30, 30);
  const entry = (daysAgo: number, counts: Record<string, number>): WindowEntry => ({ orderId: `o${daysAgo}`, at: NOW - daysAgo * DAY, counts });

  it('codeine: 2 packs in 14 days pass, a third fails, per person', () => {
    const person = [entry(3, { 'gb-codeine-person-14d': 1 })];
    expect(ruleOf([line(codeine)], { history: { person, address: [] } })).toBeNull();
    expect(check([line(codeine, 2)], { history: { person, address: [] } })?.message).toBe(
      'You can buy up to 2 packs of codeine medicines in 14 days; with this order you would have 3.',
    );
  });

  it('the address is counted apart from the person (two accounts, one address)', () => {
    const address = [entry(1, { 'gb-codeine-address-14d': 2 })];
    expect(ruleOf([line(codeine)], { history: { person: [], address } })).toBe('gb-codeine-address-14d');
  });

  it('orders older than the window no longer count', () => {
    const person = [entry(15, { 'gb-codeine-person-14d': 2 })];
    expect(ruleOf([line(codeine, 2)], { history: { person, address: [] } })).toBeNull();
  });

  it('sedating antihistamines likewise', () => {
    const chlorphenamine = tablets('chlorphenamine', 28, 4);
    expect(ruleOf([line(chlorphenamine, 2)])).toBeNull();
    expect(ruleOf([line(chlorphenamine, 3)])).toBe('gb-sedating-antihistamine-person-14d');
  });

  it('an order records what it adds to each window rule', () => {
    expect(windowCounts(GB, [line(codeine, 2), line(tablets('promethazine', 10, 25))])).toEqual({
      'gb-codeine-person-14d': 2,
      'gb-codeine-address-14d': 2,
      'gb-sedating-antihistamine-person-14d': 1,
      'gb-sedating-antihistamine-address-14d': 1,
    });
  });
});

/**
 * The catalog's batches as its contract describes them (shared/contracts catalog.ts: Reservation.items[].batches,
 * the quarantine route), laid over the real catalog service's stock: reserve and commit answers carry the batches
 * the units came from, earliest expiry first, and `/internal/catalog/batches/quarantine` takes batches off sale. The
 * stock itself (reserve, release, commit) stays the real service's. `down` makes every catalog call fail.
 */
import type { BatchTake, QuarantinedBatch, Reservation } from '@pharmacy/contracts';

export interface FakeBatch {
  batchId: string;
  lot: string;
  expiresOn: string;
  units: number;
  productId: string;
  productTitle: string;
  recalled?: string;
}

export interface FakeBatches {
  batches: Map<string, FakeBatch>;
  add(batch: FakeBatch): void;
  /** Every quarantine call that reached the catalog (recallId). */
  quarantines: string[];
  down: { on: boolean };
  /** The next N commits answer 503 after the real commit happened (its answer lost). */
  failCommits: { count: number };
  wrap(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakeBatches(): FakeBatches {
  const batches = new Map<string, FakeBatch>();
  const taken = new Map<string, Map<string, BatchTake[]>>();
  const quarantines: string[] = [];
  const down = { on: false };
  const failCommits = { count: 0 };

  function take(reservationId: string, productId: string, quantity: number): BatchTake[] {
    const own = [...batches.values()].filter((b) => b.productId === productId && !b.recalled && b.units > 0).sort((a, b) => a.expiresOn.localeCompare(b.expiresOn));
    const out: BatchTake[] = [];
    let left = quantity;
    for (const b of own) {
      if (left === 0) break;
      const n = Math.min(left, b.units);
      b.units -= n;
      left -= n;
      out.push({ batchId: b.batchId, lot: b.lot, expiresOn: b.expiresOn, quantity: n });
    }
    const lines = taken.get(reservationId) ?? new Map<string, BatchTake[]>();
    lines.set(productId, out);
    taken.set(reservationId, lines);
    return out;
  }

  const withBatches = (r: Reservation): Reservation => ({
    ...r,
    items: r.items.map((i) => {
      const lines = taken.get(r.reservationId) ?? new Map<string, BatchTake[]>();
      const own = lines.get(i.productId) ?? take(r.reservationId, i.productId, i.quantity);
      return own.length ? { ...i, batches: own } : i;
    }),
  });

  return {
    batches,
    add: (b) => void batches.set(b.batchId, b),
    quarantines,
    down,
    failCommits,
    wrap: (fetch) => async (input, init) => {
      if (down.on) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/internal/catalog/batches/quarantine')) {
        const { recallId, batchIds } = JSON.parse(String(init?.body)) as { recallId: string; batchIds: string[] };
        quarantines.push(recallId);
        const unknown = batchIds.find((id) => !batches.has(id));
        if (unknown) return json(404, { success: false, message: `No batch with id ${unknown}.`, code: 'NOT_FOUND' });
        const answer: QuarantinedBatch[] = batchIds.map((id) => {
          const b = batches.get(id)!;
          const quarantined = b.recalled ? 0 : b.units;
          b.recalled = recallId;
          return { batchId: id, productId: b.productId, productTitle: b.productTitle, lot: b.lot, expiresOn: b.expiresOn, quarantined };
        });
        return json(200, { success: true, data: { batches: answer } });
      }
      const res = await fetch(input, init);
      const moves = url.endsWith('/stock/reserve') || url.endsWith('/stock/commit');
      if (!moves || res.status !== 200) return res;
      const body = (await res.json()) as { success: true; data: Reservation };
      if (url.endsWith('/stock/commit') && failCommits.count > 0) {
        failCommits.count--;
        return json(503, { success: false, message: 'down', code: 'UNAVAILABLE' });
      }
      return json(200, { ...body, data: withBatches(body.data) });
    },
  };
}

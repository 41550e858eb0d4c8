import { createHash } from 'node:crypto';
import stableStringify from 'fast-json-stable-stringify';
import type { AuditEntry } from '@pharmacy/contracts';

/**
 * The hash chain of the audit trail (docs/architecture.md#audit-trail). Each entry's hash is sha256 over the
 * entry without its hash, keys sorted at every level, and that includes the previous entry's hash: changing,
 * removing or moving one entry breaks the chain from there on. Read by the service and by `pnpm audit:verify`, so
 * the two can never hash differently.
 */
export const GENESIS_HASH = '0'.repeat(64);

export function entryHash(entry: Omit<AuditEntry, 'hash'> & { hash?: string }): string {
  // The stored document's `_id` is the seq written for the file's order, not part of what was recorded.
  const { hash: _hash, _id: _docId, ...hashed } = entry as AuditEntry & { _id?: string };
  return createHash('sha256').update(stableStringify(hashed)).digest('hex');
}

/** The stored `_id` of the entry at `seq`: zero-padded, so the embedded file, kept in `_id` order, is in seq order. */
export const auditDocId = (seq: number): string => String(seq).padStart(12, '0');

export type ChainProblem =
  | { kind: 'altered'; seq: number; where: string }
  | { kind: 'removed'; seq: number; where: string }
  | { kind: 'reordered'; seq: number; where: string }
  | { kind: 'unreadable'; seq: number | null; where: string; reason: string };

export interface ChainCheck {
  checked: number;
  problem: ChainProblem | null;
}

/**
 * Walks entries in the order they are stored and stops at the first that does not follow from the one before.
 * `where` says where an entry was read (a file's line, or the database).
 */
export async function checkChain(entries: AsyncIterable<{ entry: AuditEntry; where: string }>): Promise<ChainCheck> {
  let checked = 0;
  let prev: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH };
  let gap: { seq: number; where: string } | null = null;
  for await (const { entry, where } of entries) {
    if (gap) {
      // The missing entry further on: it was moved, not removed.
      if (entry.seq === gap.seq) return { checked, problem: { kind: 'reordered', seq: gap.seq, where } };
      continue;
    }
    if (entry.seq <= prev.seq) return { checked, problem: { kind: 'reordered', seq: entry.seq, where } };
    if (entry.seq !== prev.seq + 1) {
      gap = { seq: prev.seq + 1, where };
      continue;
    }
    if (entryHash(entry) !== entry.hash) return { checked, problem: { kind: 'altered', seq: entry.seq, where } };
    // Its own hash holds, but it does not follow the entry before: that one was changed, or this one was rewritten whole.
    if (entry.prevHash !== prev.hash) return { checked, problem: { kind: 'altered', seq: prev.seq, where } };
    prev = entry;
    checked++;
  }
  return { checked, problem: gap ? { kind: 'removed', ...gap } : null };
}

export function describeProblem(p: ChainProblem): string {
  switch (p.kind) {
    case 'altered':
      return `entry ${p.seq} was altered (its hash does not match its contents) — ${p.where}`;
    case 'removed':
      return `entry ${p.seq} was removed (the trail goes on without it) — ${p.where}`;
    case 'reordered':
      return `entry ${p.seq} is out of order (moved, or written twice) — ${p.where}`;
    case 'unreadable':
      return `${p.seq === null ? 'an entry' : `entry ${p.seq}`} cannot be read: ${p.reason} — ${p.where}`;
  }
}

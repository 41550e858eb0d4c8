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

/**
 * An entry's seq and hash kept outside the trail (docs/operations.md#audit-trail): the chain alone cannot show that
 * its last entries were removed, or the last one rewritten with a fresh hash, since nothing after them points back.
 * `from` says where it was kept, for the message.
 */
export interface TrailAnchor {
  seq: number;
  hash: string;
  from: string;
}

export interface TrailHead {
  seq: number;
  hash: string;
}

/** How a head is written to be kept, and given back as `--anchor`: `<seq>:<hash>`. */
export const anchorText = (head: TrailHead): string => `${head.seq}:${head.hash}`;

/** `<seq>:<hash>` as `anchorText` writes it; throws a message an operator can act on. */
export function parseAnchor(text: string, from: string): TrailAnchor {
  const match = /^(\d+):([0-9a-f]{64})$/i.exec(text.trim());
  if (!match || Number(match[1]) < 1) {
    throw new Error(`${from}: "${text}" is not an anchor; give <seq>:<hash> as printed by the head line of a run that passed, e.g. 1234:${'0'.repeat(8)}… (64 hex digits)`);
  }
  return { seq: Number(match[1]), hash: match[2].toLowerCase(), from };
}

export type ChainProblem =
  | { kind: 'altered'; seq: number; where: string }
  | { kind: 'removed'; seq: number; where: string }
  | { kind: 'reordered'; seq: number; where: string }
  | { kind: 'unreadable'; seq: number | null; where: string; reason: string }
  | { kind: 'anchor-gone'; seq: number; from: string; end: number }
  | { kind: 'anchor-differs'; seq: number; from: string; where: string };

export interface ChainCheck {
  checked: number;
  /** The last entry checked when the chain is whole: what an operator keeps as the next run's anchor. */
  head: TrailHead | null;
  problem: ChainProblem | null;
}

/**
 * Walks entries in the order they are stored and stops at the first that does not follow from the one before, or
 * that does not have the hash an anchor recorded for it; then at the first anchor past the end of the trail.
 * `where` says where an entry was read (a file's line, or the database).
 */
export async function checkChain(entries: AsyncIterable<{ entry: AuditEntry; where: string }>, anchors: readonly TrailAnchor[] = []): Promise<ChainCheck> {
  const anchored = new Map<number, TrailAnchor[]>();
  for (const a of anchors) anchored.set(a.seq, [...(anchored.get(a.seq) ?? []), a]);
  let checked = 0;
  let prev: TrailHead = { seq: 0, hash: GENESIS_HASH };
  let gap: { seq: number; where: string } | null = null;
  const failed = (problem: ChainProblem): ChainCheck => ({ checked, head: null, problem });
  for await (const { entry, where } of entries) {
    if (gap) {
      // The missing entry further on: it was moved, not removed.
      if (entry.seq === gap.seq) return failed({ kind: 'reordered', seq: gap.seq, where });
      continue;
    }
    if (entry.seq <= prev.seq) return failed({ kind: 'reordered', seq: entry.seq, where });
    if (entry.seq !== prev.seq + 1) {
      gap = { seq: prev.seq + 1, where };
      continue;
    }
    if (entryHash(entry) !== entry.hash) return failed({ kind: 'altered', seq: entry.seq, where });
    // Its own hash holds, but it does not follow the entry before: that one was changed, or this one was rewritten whole.
    if (entry.prevHash !== prev.hash) return failed({ kind: 'altered', seq: prev.seq, where });
    // Follows the chain, yet differs from what was kept of it: it and what follows were rewritten with fresh hashes.
    const differs = anchored.get(entry.seq)?.find((a) => a.hash !== entry.hash);
    if (differs) return failed({ kind: 'anchor-differs', seq: entry.seq, from: differs.from, where });
    prev = { seq: entry.seq, hash: entry.hash };
    checked++;
  }
  if (gap) return failed({ kind: 'removed', ...gap });
  const beyond = anchors.filter((a) => a.seq > prev.seq).sort((a, b) => a.seq - b.seq)[0];
  if (beyond) return failed({ kind: 'anchor-gone', seq: beyond.seq, from: beyond.from, end: prev.seq });
  return { checked, head: prev.seq > 0 ? prev : null, problem: null };
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
    case 'anchor-gone':
      return `entry ${p.seq} recorded at ${p.from} is gone: the trail ends at seq ${p.end} (its last entries were removed)`;
    case 'anchor-differs':
      return `entry ${p.seq} does not have the hash recorded at ${p.from} (it, or one before it, was rewritten with fresh hashes) — ${p.where}`;
  }
}

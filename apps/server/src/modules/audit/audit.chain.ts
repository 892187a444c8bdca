/**
 * Verification of the audit hash chains, independent of the database function that writes them:
 * the canonical text is rebuilt here from the stored fields and hashed again.
 *
 * A chain is intact when, from its oldest kept entry on, the numbers follow each other, each entry's
 * `prev_hash` is the previous entry's `hash`, each `hash` is SHA-256(prev_hash || canonical entry),
 * and the newest entry is the chain head. After retention purged the oldest entries, the chain
 * starts at the purge marker (`audit_chain_purges`): the first kept entry must follow it exactly.
 */
import { createHash } from 'node:crypto';
import type { TDb } from '../../db/client';
import { findChainHead, findChainPurge, listChainEntries } from './audit.repository';

/** 32 zero bytes: the `prev_hash` of a chain's first entry. */
export const genesisHash = Buffer.alloc(32);

/** The stored fields as the database renders them to text (see `audit_entry_canonical`). */
export type TCanonicalFields = {
  account_id: string | null;
  seq: string | null;
  created_us: string | null;
  user_id: string | null;
  username: string | null;
  action: string | null;
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  status: string | null;
  info: string | null;
  ip: string | null;
  request_id: string | null;
};

function field(v: string | null): string {
  return v === null ? '~' : `${[...v].length}:${v}`;
}

export function canonicalEntry(f: TCanonicalFields): string {
  return [
    'v1',
    f.account_id,
    f.seq,
    f.created_us,
    f.user_id,
    f.username,
    f.action,
    f.object_type,
    f.object_id,
    f.object_name,
    f.status,
    f.info,
    f.ip,
    f.request_id,
  ]
    .map((v, i) => (i === 0 ? v : field(v)))
    .join('|');
}

export function entryHash(prevHash: Buffer, f: TCanonicalFields): Buffer {
  return createHash('sha256').update(prevHash).update(canonicalEntry(f), 'utf8').digest();
}

export type TChainReport = {
  /** Account id, 0 for the installation's chain. */
  chain: number;
  entries: number;
  isIntact: boolean;
  /** The first entry found broken, and why. */
  broken: { id: number | null; seq: number | null; reason: string } | null;
};

const batchSize = 5_000;

/** Verifies one chain (an account id, or 0 for the installation's) in batches by sequence number. */
export async function verifyChain(db: TDb, chain: number): Promise<TChainReport> {
  const marker = await findChainPurge(db, chain);
  const head = await findChainHead(db, chain);
  let expectedSeq = marker ? marker.seq + 1 : 1;
  let expectedPrev = marker ? marker.hash : genesisHash;
  let entries = 0;
  const report = (broken: TChainReport['broken']): TChainReport => ({
    chain,
    entries,
    isIntact: broken === null,
    broken,
  });
  let lastSeq = expectedSeq - 1;
  for (;;) {
    const rows = await listChainEntries(db, chain, lastSeq, batchSize);
    for (const row of rows) {
      const seq = Number(row.seq);
      const id = row.id;
      if (seq !== expectedSeq) {
        return report({
          id,
          seq,
          reason:
            expectedSeq === (marker ? marker.seq + 1 : 1)
              ? `the chain starts at ${seq} instead of ${expectedSeq} (entries removed outside retention)`
              : `entries ${expectedSeq}–${seq - 1} are missing`,
        });
      }
      const prev = row.prev_hash;
      if (!prev?.equals(expectedPrev)) {
        return report({ id, seq, reason: 'prev_hash does not match the previous entry' });
      }
      const hash = row.hash;
      if (!hash?.equals(entryHash(prev, row))) {
        return report({ id, seq, reason: 'hash does not match the entry (altered)' });
      }
      entries += 1;
      expectedSeq = seq + 1;
      expectedPrev = hash;
      lastSeq = seq;
    }
    if (rows.length < batchSize) break;
  }
  if (head && head.seq !== lastSeq) {
    return report({
      id: null,
      seq: lastSeq + 1,
      reason: `the chain head is at ${head.seq} but the newest entry is ${lastSeq} (newest entries removed)`,
    });
  }
  if (head && lastSeq > 0 && !head.hash.equals(expectedPrev)) {
    return report({ id: null, seq: lastSeq, reason: 'the chain head does not match the newest entry' });
  }
  return report(null);
}

/** Verifies the named chains, or every chain. */
export async function verifyChains(db: TDb, chains: number[]): Promise<TChainReport[]> {
  const out: TChainReport[] = [];
  for (const chain of chains) out.push(await verifyChain(db, chain));
  return out;
}

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
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client';

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

type TRow = TCanonicalFields & { id: number; prev_hash: Buffer | null; hash: Buffer | null };

const batchSize = 5_000;

function toBuffer(v: unknown): Buffer | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return v;
  if (v instanceof Uint8Array) return Buffer.from(v);
  if (typeof v === 'string' && v.startsWith('\\x')) return Buffer.from(v.slice(2), 'hex');
  return null;
}

/** Verifies one chain (an account id, or 0 for the installation's) in batches by sequence number. */
export async function verifyChain(db: TDb, chain: number): Promise<TChainReport> {
  const marker = rowsOf<{ seq: number; hash: unknown }>(
    await db.execute(sql`select seq, hash from audit_chain_purges where account_id = ${chain}`),
  )[0];
  const head = rowsOf<{ seq: number; hash: unknown }>(
    await db.execute(sql`select seq, hash from audit_chain_heads where account_id = ${chain}`),
  )[0];
  let expectedSeq = marker ? Number(marker.seq) + 1 : 1;
  let expectedPrev = marker ? (toBuffer(marker.hash) ?? genesisHash) : genesisHash;
  let entries = 0;
  const report = (broken: TChainReport['broken']): TChainReport => ({
    chain,
    entries,
    isIntact: broken === null,
    broken,
  });
  let lastSeq = expectedSeq - 1;
  for (;;) {
    const rows = rowsOf<TRow>(
      await db.execute(sql`
        select id, prev_hash, hash, account_id::text as account_id, seq::text as seq,
               ((extract(epoch from created_at) * 1000000)::bigint)::text as created_us,
               user_id::text as user_id, username, action, object_type, object_id, object_name,
               status::text as status, info::text as info, ip, request_id
        from audit_entries
        where coalesce(account_id, 0) = ${chain} and audit_entries.seq > ${lastSeq}
        order by coalesce(audit_entries.account_id, 0), audit_entries.seq
        limit ${batchSize}`),
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const id = Number(row.id);
      if (seq !== expectedSeq) {
        return report({
          id,
          seq,
          reason:
            expectedSeq === (marker ? Number(marker.seq) + 1 : 1)
              ? `the chain starts at ${seq} instead of ${expectedSeq} (entries removed outside retention)`
              : `entries ${expectedSeq}–${seq - 1} are missing`,
        });
      }
      const prev = toBuffer(row.prev_hash);
      if (!prev?.equals(expectedPrev)) {
        return report({ id, seq, reason: 'prev_hash does not match the previous entry' });
      }
      const hash = toBuffer(row.hash);
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
  if (head && Number(head.seq) !== lastSeq) {
    return report({
      id: null,
      seq: lastSeq + 1,
      reason: `the chain head is at ${Number(head.seq)} but the newest entry is ${lastSeq} (newest entries removed)`,
    });
  }
  if (head && lastSeq > 0 && !(toBuffer(head.hash) ?? genesisHash).equals(expectedPrev)) {
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

import { desc, eq, gt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { rsaKeys } from '../../db/schema';

export type TRsaKeyRow = { id: number; publicKey: string; rotatesAt: Date };

/** Serialises the making of keys across replicas until the transaction ends. */
const makeLockKey = 7_031_204_119;

/** The newest key that has not rotated at `now`. */
export async function findActiveKey(db: TDb, now: Date): Promise<TRsaKeyRow | null> {
  const rows = await db
    .select({ id: rsaKeys.id, publicKey: rsaKeys.publicKey, rotatesAt: rsaKeys.rotatesAt })
    .from(rsaKeys)
    .where(gt(rsaKeys.rotatesAt, now))
    .orderBy(desc(rsaKeys.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Takes the lock of making a key, held until the transaction `tx` ends. */
export async function lockKeyMaking(tx: TDb): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${makeLockKey})`);
}

export async function insertKey(
  db: TDb,
  key: { publicKey: string; privateKey: string; createdAt: Date; rotatesAt: Date },
): Promise<TRsaKeyRow> {
  const [row] = await db
    .insert(rsaKeys)
    .values(key)
    .returning({ id: rsaKeys.id, publicKey: rsaKeys.publicKey, rotatesAt: rsaKeys.rotatesAt });
  if (!row) throw new Error('rsa key insert returned no row');
  return row;
}

export async function findPublicKey(db: TDb, keyId: number): Promise<string | null> {
  const rows = await db.select({ publicKey: rsaKeys.publicKey }).from(rsaKeys).where(eq(rsaKeys.id, keyId));
  return rows[0]?.publicKey ?? null;
}

/** The sealed private key of `keyId`. */
export async function findPrivateKey(db: TDb, keyId: number): Promise<string | null> {
  const rows = await db.select({ privateKey: rsaKeys.privateKey }).from(rsaKeys).where(eq(rsaKeys.id, keyId));
  return rows[0]?.privateKey ?? null;
}

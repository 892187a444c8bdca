/** The statements of activated licenses (the installation's, not an account's). */
import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { huaweiLicenses } from '../../db/schema';

export type TLicenseRow = typeof huaweiLicenses.$inferSelect;

export async function findLicense(db: TDb, licenseId: string): Promise<TLicenseRow | null> {
  const [row] = await db.select().from(huaweiLicenses).where(eq(huaweiLicenses.licenseId, licenseId));
  return row ?? null;
}

/** Stores an activated license; null when the same license was stored meanwhile. */
export async function insertLicense(
  db: TDb,
  license: { licenseId: string; license: string; customer: string; activatedAt: Date; expireTime: Date },
): Promise<TLicenseRow | null> {
  const [inserted] = await db.insert(huaweiLicenses).values(license).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Every activated license, the latest activated first. */
export async function listLicenseRows(db: TDb): Promise<TLicenseRow[]> {
  return db.select().from(huaweiLicenses).orderBy(desc(huaweiLicenses.activatedAt));
}

/** Marks a license released; answers whether there was one of that id. */
export async function markReleased(db: TDb, licenseId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(huaweiLicenses)
    .set({ releasedAt: now })
    .where(eq(huaweiLicenses.licenseId, licenseId))
    .returning({ id: huaweiLicenses.id });
  return rows.length > 0;
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { captchas } from '../../db/schema';

export async function insertCaptcha(
  db: TDb,
  captcha: { id: string; answerHash: Buffer; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(captchas).values(captcha);
}

/** Spends a live captcha (unspent, unexpired), answering its answer's digest; null when there is none. */
export async function consumeCaptcha(db: TDb, id: string, now: Date): Promise<Buffer | null> {
  const rows = await db
    .update(captchas)
    .set({ consumedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.consumedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return rows[0]?.answerHash ?? null;
}

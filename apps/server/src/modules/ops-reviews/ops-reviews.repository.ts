/**
 * The review queues' claims (`ops_review_claims`): one row per claimed item, its operator and its
 * end. Taking a claim is one statement (an insert that, on the item's row, takes it over only when
 * it is the caller's own or has ended), so two operators claiming at once never both hold it.
 */
import type { TOpsReviewKind } from '@console/contract/ops';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { operators, opsReviewClaims } from '../../db/schema';

export type TClaimRow = {
  kind: TOpsReviewKind;
  itemId: number;
  operatorId: number;
  operatorName: string;
  claimedAt: Date;
  expiresAt: Date;
};

const columns = {
  kind: opsReviewClaims.kind,
  itemId: opsReviewClaims.itemId,
  operatorId: opsReviewClaims.operatorId,
  operatorName: operators.username,
  claimedAt: opsReviewClaims.claimedAt,
  expiresAt: opsReviewClaims.expiresAt,
};

/**
 * Claims the item for the operator until `expiresAt`: a new claim, the operator's own renewed, or
 * an ended one taken over. Answers whether the operator holds it now.
 */
export async function takeClaim(
  db: TDb,
  claim: { kind: TOpsReviewKind; itemId: number; operatorId: number; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(opsReviewClaims)
    .values({
      kind: claim.kind,
      itemId: claim.itemId,
      operatorId: claim.operatorId,
      claimedAt: claim.now,
      expiresAt: claim.expiresAt,
    })
    .onConflictDoUpdate({
      target: [opsReviewClaims.kind, opsReviewClaims.itemId],
      set: {
        operatorId: sql`excluded.operator_id`,
        claimedAt: sql`excluded.claimed_at`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${opsReviewClaims.operatorId} = excluded.operator_id or ${opsReviewClaims.expiresAt} <= excluded.claimed_at`,
    })
    .returning({ id: opsReviewClaims.id });
  return rows.length > 0;
}

/** The item's claim (ended or not), optionally locked for the rest of the transaction. */
export async function findClaim(
  db: TDb,
  kind: TOpsReviewKind,
  itemId: number,
  forUpdate = false,
): Promise<TClaimRow | null> {
  const query = db
    .select(columns)
    .from(opsReviewClaims)
    .innerJoin(operators, eq(operators.id, opsReviewClaims.operatorId))
    .where(and(eq(opsReviewClaims.kind, kind), eq(opsReviewClaims.itemId, itemId)));
  const rows = forUpdate ? await query.for('update', { of: opsReviewClaims }) : await query;
  return rows[0] ?? null;
}

/** The live claims of these items. */
export async function liveClaims(
  db: TDb,
  kind: TOpsReviewKind,
  itemIds: readonly number[],
  now: Date,
): Promise<TClaimRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select(columns)
    .from(opsReviewClaims)
    .innerJoin(operators, eq(operators.id, opsReviewClaims.operatorId))
    .where(
      and(
        eq(opsReviewClaims.kind, kind),
        inArray(opsReviewClaims.itemId, [...itemIds]),
        gt(opsReviewClaims.expiresAt, now),
      ),
    );
}

/** Removes the item's claim (held by `operatorId` when given); answers whether one was removed. */
export async function dropClaim(
  db: TDb,
  kind: TOpsReviewKind,
  itemId: number,
  operatorId: number | null,
): Promise<boolean> {
  const rows = await db
    .delete(opsReviewClaims)
    .where(
      and(
        eq(opsReviewClaims.kind, kind),
        eq(opsReviewClaims.itemId, itemId),
        operatorId === null ? undefined : eq(opsReviewClaims.operatorId, operatorId),
      ),
    )
    .returning({ id: opsReviewClaims.id });
  return rows.length > 0;
}

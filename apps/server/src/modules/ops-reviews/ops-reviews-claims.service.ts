/**
 * Claims of the review queues' items: an operator claims an item before acting on it, for
 * `opsReviewClaimMinutes` (claiming again renews it); another operator's live claim answers 4330
 * with the holder's name and the claim's end. An act checks the claim inside its own transaction
 * (the claim's row locked), and the act removes it. Claims and releases are audited in the
 * installation's chain.
 */
import { ErrorCode } from '@console/contract/codes';
import { opsReviewClaimMinutes, type TOpsReviewClaim, type TOpsReviewKind } from '@console/contract/ops';
import type { TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import type { TOpsActor } from '../operator';
import { dropClaim, findClaim, type TClaimRow, takeClaim } from './ops-reviews.repository';
import { isWaiting } from './ops-reviews-items.service';
import { claimView } from './ops-reviews-view';

/** How a claim's end reads in a refusal's message (UTC, to the minute). */
function untilText(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** 4330 naming the operator who holds the item and until when. */
export function claimedByOther(row: TClaimRow): AppError {
  return new AppError(ErrorCode.opsReviewClaimedByOther, {
    params: { operator: row.operatorName, until: untilText(row.expiresAt) },
    data: { operator: row.operatorName, expiresAt: row.expiresAt.toISOString() },
  });
}

function auditClaim(
  db: TDb,
  actor: TOpsActor,
  action: 'review.claim' | 'review.release',
  kind: TOpsReviewKind,
  itemId: number,
  meta: TRequestMeta,
  at: Date,
  info: Record<string, unknown> = {},
): Promise<void> {
  return writeAudit(db, {
    accountId: null,
    userId: null,
    username: actor.username,
    action,
    objectType: 'review',
    objectId: `${kind}:${itemId}`,
    objectName: null,
    isSuccess: true,
    info: { operator: { id: actor.id, username: actor.username, role: actor.role }, kind, itemId, ...info },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: at,
  });
}

/** Claims a waiting item for the operator (or renews their claim). */
export async function claimItem(
  deps: TDeps,
  actor: TOpsActor,
  kind: TOpsReviewKind,
  itemId: number,
  meta: TRequestMeta,
): Promise<TOpsReviewClaim> {
  if (!(await isWaiting(deps.db, kind, itemId))) throw new AppError(ErrorCode.opsReviewItemNotFound);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + opsReviewClaimMinutes * 60_000);
  return deps.db.transaction(async (tx) => {
    const isTaken = await takeClaim(tx, { kind, itemId, operatorId: actor.id, now, expiresAt });
    const row = await findClaim(tx, kind, itemId);
    if (!row) throw new AppError(ErrorCode.opsReviewItemNotFound);
    if (!isTaken) throw claimedByOther(row);
    await auditClaim(tx, actor, 'review.claim', kind, itemId, meta, now, {
      expiresAt: expiresAt.toISOString(),
    });
    return claimView(row, actor.id);
  });
}

/** Releases the operator's own claim of the item (4331 when they hold none). */
export async function releaseItem(
  deps: TDeps,
  actor: TOpsActor,
  kind: TOpsReviewKind,
  itemId: number,
  meta: TRequestMeta,
): Promise<null> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await dropClaim(tx, kind, itemId, actor.id))) throw new AppError(ErrorCode.opsReviewClaimRequired);
    await auditClaim(tx, actor, 'review.release', kind, itemId, meta, now);
  });
  return null;
}

/**
 * Inside an act's transaction: the item's claim, locked; the act needs the caller's own live claim
 * (another operator's live one: 4330; none or ended: 4331). Answers the claim row.
 */
export async function lockClaim(tx: TDb, kind: TOpsReviewKind, itemId: number): Promise<TClaimRow | null> {
  return findClaim(tx, kind, itemId, true);
}

export function requireOwnClaim(row: TClaimRow | null, actor: TOpsActor, now: Date): void {
  const isLive = row !== null && row.expiresAt.getTime() > now.getTime();
  if (isLive && row.operatorId !== actor.id) throw claimedByOther(row);
  if (!isLive) throw new AppError(ErrorCode.opsReviewClaimRequired);
}

/** The act is done: the item's claim goes with it. */
export async function endClaim(tx: TDb, kind: TOpsReviewKind, itemId: number): Promise<void> {
  await dropClaim(tx, kind, itemId, null);
}

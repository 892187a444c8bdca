/** The answer's view of a claim of a review queue's item. */
import type { TOpsReviewClaim } from '@console/contract/ops';
import type { TClaimRow } from './ops-reviews.repository';

export function claimView(row: TClaimRow, operatorId: number): TOpsReviewClaim {
  return {
    kind: row.kind,
    itemId: row.itemId,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    claimedAt: row.claimedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isMine: row.operatorId === operatorId,
  };
}

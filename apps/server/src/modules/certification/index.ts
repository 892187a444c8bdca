/**
 * The certification module's public side for the back office's review queue: the verifications
 * waiting for manual review, one of them, and the decision inside the caller's transaction.
 */
export {
  decideCertificationIn,
  findForReview,
  latestVerificationOf,
  listForReview,
  type TCertificationListRow,
  type TCertificationRow,
  type TReviewAuditor,
  type TReviewDecision,
} from './certification-review.service';

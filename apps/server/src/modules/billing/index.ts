/**
 * The billing module's public side for other modules: crediting cash (demo data), pausing an
 * account's services (a trial's end), the uploads that real-name verification reads, and the
 * remittances the back office's review queue decides (inside its own transaction).
 */
export { creditCash, enqueuePauseJobs } from './funds/funds.service';
export { currencyOf } from './money';
export type { TRemittanceRow } from './remittance/remittance.repository';
export {
  confirmRemittanceIn,
  countPendingRemittances,
  findRemittanceForReview,
  listPendingRemittances,
  rejectRemittanceIn,
  remittanceCreditSerial,
  remittanceRemark,
  type TRemittanceAuditor,
  type TRemittanceReviewed,
} from './remittance/remittance.service';
export { findUpload } from './uploads/upload.service';

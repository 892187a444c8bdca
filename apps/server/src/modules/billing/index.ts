/**
 * The billing module's public side for other modules: crediting cash (demo data, the back
 * office's adjustments) and debiting it (adjustments), pausing an account's services (a trial's
 * end), the uploads that real-name verification reads, the operator's vouchers, discounts and
 * top-up orders (the commands and the back office call the same services), and the remittances
 * the back office's review queue decides (inside its own transaction).
 */
export { creditCash, debitCash, enqueuePauseJobs } from './funds/funds.service';
export {
  issueVoucher,
  listAnyDiscounts,
  listAnyVouchers,
  OperatorInputError,
  removeDiscount,
  setDiscount,
  type TOperatorAudit,
  type TOperatorInputProblem,
  voidVoucher,
  voucherForOperator,
} from './funds/vouchers.service';
export { currencyOf } from './money';
export { rechargeOrderForOperator } from './recharge/recharge.service';
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

/**
 * The billing module's public side for other modules: crediting cash (demo data, the back
 * office's adjustments) and debiting it (adjustments), pausing an account's services (a trial's
 * end), the uploads that real-name verification reads, and the operator's vouchers, discounts and
 * top-up orders (the commands and the back office call the same services).
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
export { countPendingRemittances } from './remittance/remittance.service';
export { findUpload } from './uploads/upload.service';

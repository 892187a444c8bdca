/**
 * The top-up amount and agreement (spec section 5 "Recharge": amount greater than 0, at most two
 * decimals; WeChat Pay at most 50,000 yuan; the user agreement ticked). Amounts are checked as
 * integer fen (`yuanToFen`), never as floating point numbers.
 */
import { BillingLimits, type TPayChannel, yuanToFen } from '@console/contract/billing-enums';

/** How the money comes: online (WeChat Pay, Alipay) or by bank transfer. */
export type TTopUpMethod = TPayChannel | 'remittance';

/** Quick amounts of the online top-up, in yuan. */
export const quickAmounts = ['100', '500', '1000', '5000'] as const;

/** Keys of the `validation` phrases. */
export type TAmountError =
  | 'required'
  | 'amountFormat'
  | 'amountPositive'
  | 'wechatAmountMax'
  | 'rechargeAmountMax';

/** What is wrong with an amount for a way of paying, or null. */
export function checkTopUpAmount(text: string, method: TTopUpMethod): TAmountError | null {
  const value = text.trim();
  if (!value) return 'required';
  const fen = yuanToFen(value);
  if (fen === null) return /^-/.test(value) ? 'amountPositive' : 'amountFormat';
  if (fen <= 0) return 'amountPositive';
  if (method === 'wechat' && fen > BillingLimits.wechatMaxFen) return 'wechatAmountMax';
  if (fen > BillingLimits.rechargeMaxFen) return 'rechargeAmountMax';
  return null;
}

export type TTopUpErrors = { amount?: TAmountError; agreement?: 'agreementRequired' };

/** The online top-up form's errors: the amount, and the agreement that must be ticked. */
export function checkTopUp(values: {
  amount: string;
  channel: TPayChannel;
  isAgreed: boolean;
}): TTopUpErrors {
  const errors: TTopUpErrors = {};
  const amount = checkTopUpAmount(values.amount, values.channel);
  if (amount) errors.amount = amount;
  if (!values.isAgreed) errors.agreement = 'agreementRequired';
  return errors;
}

/** The amount as the API takes it: the trimmed text ("100", "99.5"). */
export function amountParam(text: string): string {
  return text.trim();
}

/** Certificates of a bank transfer: JPG, JPEG, PNG or PDF, at most 10 MiB. */
export const certificateAccept = '.jpg,.jpeg,.png,.pdf';

export function checkCertificate(file: { name: string; size: number }): 'uploadType' | 'uploadSize' | null {
  if (!/\.(jpe?g|png|pdf)$/i.test(file.name)) return 'uploadType';
  if (file.size > BillingLimits.uploadMaxBytes) return 'uploadSize';
  return null;
}

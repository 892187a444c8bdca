/**
 * The reasons an operator chooses from when a review queue's item is refused (issue 40, item 4):
 * an enterprise verification rejected, a remittance rejected, an application for a formal account
 * declined. The codes are stored and answered; each has its words in both languages (the
 * `certification` phrases' `reviewReasons`), shown to the customer with the operator's own text.
 * Light: no zod, so that the customers' pages can import it.
 */
export const VerificationRejectReasons = [
  'unreadableLicence',
  'nameMismatch',
  'expiredLicence',
  'creditCodeMismatch',
  'other',
] as const;
export type TVerificationRejectReason = (typeof VerificationRejectReasons)[number];

export const RemittanceRejectReasons = [
  'notReceived',
  'amountMismatch',
  'payerMismatch',
  'unreadableSlip',
  'other',
] as const;
export type TRemittanceRejectReason = (typeof RemittanceRejectReasons)[number];

export const FormalDeclineReasons = [
  'incompleteInformation',
  'verificationRequired',
  'notEligible',
  'other',
] as const;
export type TFormalDeclineReason = (typeof FormalDeclineReasons)[number];

export function isVerificationRejectReason(value: unknown): value is TVerificationRejectReason {
  return (VerificationRejectReasons as readonly unknown[]).includes(value);
}
export function isRemittanceRejectReason(value: unknown): value is TRemittanceRejectReason {
  return (RemittanceRejectReasons as readonly unknown[]).includes(value);
}
export function isFormalDeclineReason(value: unknown): value is TFormalDeclineReason {
  return (FormalDeclineReasons as readonly unknown[]).includes(value);
}

/** The operator's own words beside the chosen reason: at most this many characters. */
export const reviewNoteMax = 500;

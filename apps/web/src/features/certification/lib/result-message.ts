/**
 * What a verification's result says (spec section 8): the face error or the enterprise check
 * result as a `certification` phrase key, and the view of the result panel.
 */
import {
  isEnterpriseResult,
  isFaceErrorCode,
  type TCertificationStatus,
  type TEnterpriseResult,
  type TFaceErrorCode,
} from '@console/contract/certification-rules';

type TCertificationLike = {
  status: TCertificationStatus;
  result: TEnterpriseResult | null;
  faceError: TFaceErrorCode | null;
  manualReview: boolean;
  reason: string | null;
};

export type TResultMessage =
  | { key: `faceErrors.${TFaceErrorCode}` }
  | { key: `enterpriseResults.${TEnterpriseResult}` }
  | { key: 'manualReview' }
  | { key: 'result.passedText' }
  | { key: 'result.verifyingText' }
  | null;

/** The phrase key of a face error code (e.g. from `?error=`), or null for an unknown code. */
export function faceErrorKey(code: unknown): `faceErrors.${TFaceErrorCode}` | null {
  return isFaceErrorCode(code) ? `faceErrors.${code}` : null;
}

/** The message of a verification: passed, failed with its face error or check result, or waiting. */
export function resultMessage(cert: TCertificationLike): TResultMessage {
  if (cert.status === 'passed') return { key: 'result.passedText' };
  if (cert.status === 'verifying')
    return cert.manualReview ? { key: 'manualReview' } : { key: 'result.verifyingText' };
  if (cert.faceError) return { key: `faceErrors.${cert.faceError}` };
  if (isEnterpriseResult(cert.result) && cert.result !== 'CONSISTENT')
    return { key: `enterpriseResults.${cert.result}` };
  return null;
}

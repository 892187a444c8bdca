/**
 * While the QR code is shown, the desktop page asks for the face session every 2 s until it passed
 * or failed; an invalid or expired session (4082) or any other failure stops the asking.
 */
import { CertificationLimits, type TFaceErrorCode } from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';

type TFaceResultLike = { status: 'waiting' | 'passed' | 'failed'; errorCode: TFaceErrorCode | null };

export type TFaceView =
  | { kind: 'waiting' }
  | { kind: 'passed' }
  | { kind: 'failed'; errorCode: TFaceErrorCode | null }
  | { kind: 'expired' }
  | { kind: 'error' };

function codeOf(error: unknown): number | null {
  if (!(error instanceof Error) || error.name !== 'ApiError') return null;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}

/** What the desktop page shows for the last answer (or failure) of the face session. */
export function faceView(result: TFaceResultLike | undefined, error: unknown): TFaceView {
  if (error) return codeOf(error) === ErrorCode.faceSessionInvalid ? { kind: 'expired' } : { kind: 'error' };
  if (!result || result.status === 'waiting') return { kind: 'waiting' };
  if (result.status === 'passed') return { kind: 'passed' };
  return { kind: 'failed', errorCode: result.errorCode };
}

/** The refetch interval: every 2 s while the face check waits, else none. */
export function faceRefetchInterval(result: TFaceResultLike | undefined, error: unknown): number | false {
  return faceView(result, error).kind === 'waiting' ? CertificationLimits.facePollMillis : false;
}

/**
 * What /faceRecognition?token=…[&error=CODE] starts with, and the page's reading of a failed
 * faceVerify call: no session (401, 4004) asks for the mobile sign-in; anything else is an error.
 */
import { ErrorCode } from '@console/contract/codes';
import { asApiError } from '@/lib/code-errors';

export type TFaceStart =
  | { kind: 'noToken' }
  | { kind: 'error'; token: string; errorCode: string }
  | { kind: 'start'; token: string };

export function faceStartOf(search: string): TFaceStart {
  const params = new URLSearchParams(search);
  const token = params.get('token')?.trim() ?? '';
  if (!token) return { kind: 'noToken' };
  const errorCode = params.get('error')?.trim() ?? '';
  return errorCode ? { kind: 'error', token, errorCode: errorCode.slice(0, 64) } : { kind: 'start', token };
}

export function needsSignIn(error: unknown): boolean {
  const api = asApiError(error);
  return !!api && (api.code === 401 || api.status === 401 || api.code === ErrorCode.sessionRevoked);
}

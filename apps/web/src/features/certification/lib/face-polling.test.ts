import { ErrorCode } from '@console/contract/codes';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { faceRefetchInterval, faceView } from './face-polling';

const apiError = (code: number) =>
  new ApiError({ kind: 'business', code, status: 200, path: '/x', message: 'failed' });

describe('face polling', () => {
  it('asks every 2 s while the face check waits, and stops once it is decided', () => {
    expect(faceRefetchInterval(undefined, null)).toBe(2000);
    expect(faceRefetchInterval({ status: 'waiting', errorCode: null }, null)).toBe(2000);
    expect(faceRefetchInterval({ status: 'passed', errorCode: null }, null)).toBe(false);
    expect(faceRefetchInterval({ status: 'failed', errorCode: 'USER_EXIT' }, null)).toBe(false);
    expect(faceRefetchInterval(undefined, apiError(ErrorCode.faceSessionInvalid))).toBe(false);
  });

  it('shows passed, the face error, or an expired session', () => {
    expect(faceView({ status: 'passed', errorCode: null }, null)).toEqual({ kind: 'passed' });
    expect(faceView({ status: 'failed', errorCode: 'NOT_SAME_PERSON' }, null)).toEqual({
      kind: 'failed',
      errorCode: 'NOT_SAME_PERSON',
    });
    expect(faceView(undefined, apiError(ErrorCode.faceSessionInvalid))).toEqual({ kind: 'expired' });
    expect(faceView(undefined, apiError(500))).toEqual({ kind: 'error' });
  });
});

import { ErrorCode } from '@console/contract/codes';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { faceStartOf, needsSignIn } from './face-page';

describe('face page', () => {
  it('starts with the token, or shows the error the liveness check came back with', () => {
    expect(faceStartOf('?token=abc')).toEqual({ kind: 'start', token: 'abc' });
    expect(faceStartOf('?token=abc&error=USER_EXIT')).toEqual({
      kind: 'error',
      token: 'abc',
      errorCode: 'USER_EXIT',
    });
    expect(faceStartOf('')).toEqual({ kind: 'noToken' });
  });

  it('asks for the mobile sign-in without a session only', () => {
    const err = (code: number, status = 200) =>
      new ApiError({ kind: code === 401 ? 'http' : 'business', code, status, path: '/x', message: 'm' });
    expect(needsSignIn(err(401, 401))).toBe(true);
    expect(needsSignIn(err(ErrorCode.sessionRevoked))).toBe(true);
    expect(needsSignIn(err(ErrorCode.faceSessionInvalid))).toBe(false);
    expect(needsSignIn(new Error('x'))).toBe(false);
  });
});

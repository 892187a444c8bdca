import { EnterpriseResults, FaceErrorCodes } from '@console/contract/certification-rules';
import enCertification from '@console/phrases/en-us/certification';
import zhCertification from '@console/phrases/zh-cn/certification';
import { describe, expect, it } from 'vitest';
import { faceErrorKey, resultMessage } from './result-message';

const base = { result: null, faceError: null, manualReview: false, reason: null } as const;

describe('result messages', () => {
  it('name the face error or the enterprise check result of a failed verification', () => {
    expect(resultMessage({ ...base, status: 'failed', faceError: 'CAMERA_PERMISSION' })).toEqual({
      key: 'faceErrors.CAMERA_PERMISSION',
    });
    expect(resultMessage({ ...base, status: 'failed', result: 'LEGAL_PERSON_MISMATCH' })).toEqual({
      key: 'enterpriseResults.LEGAL_PERSON_MISMATCH',
    });
    expect(resultMessage({ ...base, status: 'failed', reason: 'blurred licence' })).toBeNull();
  });

  it('say passed, or waiting for the manual review', () => {
    expect(resultMessage({ ...base, status: 'passed', result: 'CONSISTENT' })).toEqual({
      key: 'result.passedText',
    });
    expect(resultMessage({ ...base, status: 'verifying', manualReview: true })).toEqual({
      key: 'manualReview',
    });
    expect(resultMessage({ ...base, status: 'verifying' })).toEqual({ key: 'result.verifyingText' });
  });

  it('know every face error code only', () => {
    expect(faceErrorKey('USER_EXIT')).toBe('faceErrors.USER_EXIT');
    expect(faceErrorKey('<script>')).toBeNull();
    expect(faceErrorKey(undefined)).toBeNull();
  });

  it('have a message for every face error and enterprise result in both languages', () => {
    for (const phrases of [enCertification, zhCertification]) {
      for (const code of FaceErrorCodes) expect(phrases.faceErrors[code]).toBeTruthy();
      for (const result of EnterpriseResults) expect(phrases.enterpriseResults[result]).toBeTruthy();
    }
  });
});

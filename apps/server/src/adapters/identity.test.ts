/** Tencent's answers mapped onto the spec's results; the development rules. */
import { describe, expect, it } from 'vitest';
import { devEnterpriseResult } from './identity';
import { endpointProfile, enterpriseResultOf, faceOutcomeOf } from './identity-tencent';

describe('Tencent FaceID outcomes', () => {
  it('maps ErrCode onto the spec face codes', () => {
    expect(faceOutcomeOf(null)).toEqual({ status: 'waiting', errorCode: null });
    expect(faceOutcomeOf(17)).toEqual({ status: 'waiting', errorCode: null });
    expect(faceOutcomeOf(0)).toEqual({ status: 'passed', errorCode: null });
    const failed = (code: number) => faceOutcomeOf(code).errorCode;
    expect(failed(2016)).toBe('NOT_SAME_PERSON');
    expect(failed(2011)).toBe('NOT_SAME_PERSON');
    expect(failed(1004)).toBe('NO_VALID_FACE');
    expect(failed(2004)).toBe('NO_VALID_FACE');
    expect(failed(16)).toBe('TOO_MANY_RETRIES');
    expect(failed(15)).toBe('USER_EXIT');
    expect(failed(1008)).toBe('NETWORK_ERROR');
    expect(failed(202)).toBe('UPLOAD_FAILED');
    expect(failed(1001)).toBe('UPLOAD_TIMEOUT');
    expect(failed(1104)).toBe('VIDEO_FORMAT');
    expect(failed(2006)).toBe('DATA_ERROR');
    expect(failed(3001)).toBe('DATA_ERROR');
    expect(faceOutcomeOf('x')).toEqual({ status: 'failed', errorCode: 'DATA_ERROR' });
  });
});

describe('Tencent OCR enterprise outcomes', () => {
  const all = {
    IsCreditCodeConsistent: true,
    IsEntNameConsistent: true,
    IsLrNameConsistent: true,
    IsIdNumConsistent: true,
  };
  it('maps the four elements and the operating status onto the spec results', () => {
    expect(enterpriseResultOf({ ...all, OperatingStatus: '1' })).toBe('CONSISTENT');
    expect(enterpriseResultOf({ ...all, OperatingStatus: '4' })).toBe('NOT_OPERATING_NORMALLY');
    expect(enterpriseResultOf({ ...all, OperatingStatus: '0' })).toBe('NOT_OPERATING_NORMALLY');
    expect(enterpriseResultOf({ ...all, OperatingStatus: '/' })).toBe('manual');
    expect(enterpriseResultOf({ ...all })).toBe('manual');
    expect(enterpriseResultOf({ ...all, IsLrNameConsistent: false })).toBe('LEGAL_PERSON_MISMATCH');
    expect(enterpriseResultOf({ ...all, IsIdNumConsistent: false })).toBe('LEGAL_PERSON_MISMATCH');
    expect(enterpriseResultOf({ ...all, IsEntNameConsistent: false })).toBe('FOUR_ELEMENTS_FAILED');
    expect(
      enterpriseResultOf({
        IsCreditCodeConsistent: false,
        IsEntNameConsistent: false,
        IsLrNameConsistent: false,
        IsIdNumConsistent: false,
      }),
    ).toBe('ENTERPRISE_NOT_FOUND');
  });

  it('takes a full URL apart for the SDK, the public endpoint as well', () => {
    expect(endpointProfile('http://127.0.0.1:18120', 2500).httpProfile).toEqual({
      protocol: 'http://',
      endpoint: '127.0.0.1:18120',
      reqTimeout: 3,
    });
    expect(endpointProfile('https://faceid.tencentcloudapi.com', 10_000).httpProfile.endpoint).toBe(
      'faceid.tencentcloudapi.com',
    );
  });
});

describe('development enterprise rules', () => {
  it('answers by the company name', () => {
    expect(devEnterpriseResult('Acme Co.')).toBe('CONSISTENT');
    expect(devEnterpriseResult('某某未营业公司')).toBe('NOT_OPERATING_NORMALLY');
    expect(devEnterpriseResult('人工审核公司')).toBe('manual');
    expect(devEnterpriseResult('NoLegalPerson Ltd.')).toBe('LEGAL_PERSON_NOT_FOUND');
    expect(devEnterpriseResult('NotFound Ltd.')).toBe('ENTERPRISE_NOT_FOUND');
  });
});

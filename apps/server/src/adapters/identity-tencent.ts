/**
 * Real-name verification through Tencent Cloud (`IDENTITY_PROVIDER=tencent`, decision 0044):
 *
 * - face: FaceID (API 2018-03-01) `DetectAuth` registers the check (rule id, name, resident ID,
 *   the console's result page as `RedirectUrl`) and answers `{ Url, BizToken }`: the Url is the
 *   provider's H5 page the phone opens; `GetDetectInfoEnhanced` (BizToken, RuleId, InfoType 1:
 *   the text result only) reads the outcome, whose `Text.ErrCode` maps onto the spec's face
 *   result codes (`faceOutcomeOf`);
 * - enterprise: OCR (API 2018-11-19) `VerifyBizLicenseEnterprise4` (credit code, company name,
 *   legal person's name and ID number) maps onto the spec's enterprise results
 *   (`enterpriseResultOf`). The bank account has no first-party check: it is not sent.
 *
 * Both through Tencent Cloud's SDK (TC3-HMAC-SHA256): FaceID with the common package's
 * CommonClient, OCR with its own package. An endpoint may be a full URL (`http://127.0.0.1:18120`
 * in tests). Personal data travels to the provider only: an error names the call and Tencent's
 * error code, never the data or Tencent's message.
 */
import type { TEnterpriseResult, TFaceErrorCode } from '@console/contract/certification-rules';
import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import { ocr } from 'tencentcloud-sdk-nodejs-ocr';
import { IdentityError, type TFaceCheck, type TIdentityProvider } from './identity';

export type TTencentIdentityOptions = {
  secretId: string;
  secretKey: string;
  /** The FaceID business flow (控制台 → 自助接入) the checks run under. */
  ruleId: string;
  /** `https://faceid.tencentcloudapi.com` or a full URL. */
  faceidEndpoint: string;
  /** `https://ocr.tencentcloudapi.com` or a full URL. */
  ocrEndpoint: string;
  timeoutMs: number;
};

/** The SDK's client profile of an endpoint given as a URL: its protocol and host apart. */
export function endpointProfile(endpoint: string, timeoutMs: number) {
  const url = new URL(endpoint);
  return {
    httpProfile: {
      protocol: `${url.protocol}//`,
      endpoint: url.host,
      reqTimeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
    },
  };
}

/** How Tencent's `ErrCode` of a finished face check maps onto the spec's face codes (0: passed). */
const faceErrorOf: Record<number, TFaceErrorCode> = {
  // The attempt's token expired before the user finished (15), as a session of ours that expires.
  15: 'USER_EXIT',
  16: 'TOO_MANY_RETRIES',
  // WeChat could not hand over the picture or video.
  201: 'UPLOAD_FAILED',
  202: 'UPLOAD_FAILED',
  // The liveness or comparison engine timed out.
  1001: 'UPLOAD_TIMEOUT',
  2001: 'UPLOAD_TIMEOUT',
  // Not a live, whole, usable face.
  1002: 'NO_VALID_FACE',
  1003: 'NO_VALID_FACE',
  1004: 'NO_VALID_FACE',
  1005: 'NO_VALID_FACE',
  2004: 'NO_VALID_FACE',
  2010: 'NO_VALID_FACE',
  1008: 'NETWORK_ERROR',
  1104: 'VIDEO_FORMAT',
  // The face is not the ID's holder's.
  2011: 'NOT_SAME_PERSON',
  2016: 'NOT_SAME_PERSON',
};

/**
 * The face check's state from `Text.ErrCode`: none yet or 17 (the flow is not finished) is
 * waiting, 0 passed, a mapped code its face error, and any other code (wrong name or ID number
 * 2002/2003/2006, no record 2005/2007/2008, ID card 301–303, the provider's own faults 1–13, …)
 * DATA_ERROR.
 */
export function faceOutcomeOf(errCode: unknown): TFaceCheck {
  if (errCode === null || errCode === undefined || errCode === 17)
    return { status: 'waiting', errorCode: null };
  if (errCode === 0) return { status: 'passed', errorCode: null };
  const code = typeof errCode === 'number' ? errCode : Number.NaN;
  return { status: 'failed', errorCode: faceErrorOf[code] ?? 'DATA_ERROR' };
}

export type TBizLicense4Answer = {
  StatusCode?: number;
  VerifyResult?: number;
  IsCreditCodeConsistent?: boolean;
  IsEntNameConsistent?: boolean;
  IsLrNameConsistent?: boolean;
  IsIdNumConsistent?: boolean;
  OperatingStatus?: string;
};

/**
 * The enterprise result of `VerifyBizLicenseEnterprise4`'s answer (StatusCode 0), or `manual`
 * when the four elements match but the register's operating status cannot be read (`/` or
 * absent): an operator looks at the licence.
 * - neither the credit code nor the name found → ENTERPRISE_NOT_FOUND;
 * - one of them does not match the other's company → FOUR_ELEMENTS_FAILED;
 * - the company matches but the legal person's name or ID number does not → LEGAL_PERSON_MISMATCH;
 * - all four match: operating status 1 (开业/在营) → CONSISTENT; 0, 2–7 (迁出, 注销, 吊销, 撤销,
 *   停业, 撤销登记, 其他) → NOT_OPERATING_NORMALLY.
 */
export function enterpriseResultOf(answer: TBizLicense4Answer): TEnterpriseResult | 'manual' {
  const isCode = answer.IsCreditCodeConsistent === true;
  const isName = answer.IsEntNameConsistent === true;
  if (!isCode && !isName) return 'ENTERPRISE_NOT_FOUND';
  if (!isCode || !isName) return 'FOUR_ELEMENTS_FAILED';
  if (answer.IsLrNameConsistent !== true || answer.IsIdNumConsistent !== true) return 'LEGAL_PERSON_MISMATCH';
  const status = answer.OperatingStatus?.trim();
  if (status === '1') return 'CONSISTENT';
  if (status !== undefined && /^[0-7]$/.test(status)) return 'NOT_OPERATING_NORMALLY';
  return 'manual';
}

/** The SDK's failure as an IdentityError naming the call and Tencent's code (never its message). */
function failureOf(call: string, error: unknown): IdentityError {
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' && error.code
      ? error.code
      : error && typeof error === 'object' && 'httpCode' in error && typeof error.httpCode === 'number'
        ? `HTTP_${error.httpCode}`
        : 'UNREACHABLE';
  const reason = /^[A-Za-z0-9_.]{1,80}$/.test(code) ? code : 'PROVIDER_ERROR';
  return new IdentityError(reason, `${call}: ${reason}`);
}

const bizTokenPattern = /^[A-Za-z0-9_-]{8,128}$/;

export function createTencentIdentityProvider(options: TTencentIdentityOptions): TIdentityProvider {
  const credential = { secretId: options.secretId, secretKey: options.secretKey };
  const faceid = new CommonClient('faceid.tencentcloudapi.com', '2018-03-01', {
    credential,
    region: '',
    profile: endpointProfile(options.faceidEndpoint, options.timeoutMs),
  });
  const ocrClient = new ocr.v20181119.Client({
    credential,
    region: '',
    profile: endpointProfile(options.ocrEndpoint, options.timeoutMs),
  });
  async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw failureOf(name, error);
    }
  }
  return {
    async createFaceSession(input) {
      const answer = await call('FaceID DetectAuth', () =>
        faceid.request('DetectAuth', {
          RuleId: options.ruleId,
          IdCard: input.idNumber,
          Name: input.name,
          RedirectUrl: input.returnUrl,
          Extra: input.reference,
        }),
      );
      const { Url: url, BizToken: bizToken } = (answer ?? {}) as { Url?: unknown; BizToken?: unknown };
      if (typeof bizToken !== 'string' || !bizTokenPattern.test(bizToken))
        throw new IdentityError('BAD_RESPONSE', 'FaceID DetectAuth: no BizToken');
      if (typeof url !== 'string' || !/^https?:\/\//.test(url))
        throw new IdentityError('BAD_RESPONSE', 'FaceID DetectAuth: no Url');
      return { sessionId: bizToken, url };
    },
    async faceCheckUrl() {
      // DetectAuth answers the page's address with the BizToken; the console keeps it sealed.
      throw new IdentityError('NO_ADDRESS', 'FaceID: the address comes with DetectAuth');
    },
    async faceResult(sessionId) {
      let answer: unknown;
      try {
        answer = await faceid.request('GetDetectInfoEnhanced', {
          BizToken: sessionId,
          RuleId: options.ruleId,
          InfoType: '1',
        });
      } catch (error) {
        // A BizToken past its validity can no longer finish: the user left.
        if (
          error &&
          typeof error === 'object' &&
          'code' in error &&
          error.code === 'InvalidParameterValue.BizTokenExpired'
        )
          return { status: 'failed', errorCode: 'USER_EXIT' };
        throw failureOf('FaceID GetDetectInfoEnhanced', error);
      }
      const text = (answer as { Text?: { ErrCode?: unknown } | null } | undefined)?.Text;
      return faceOutcomeOf(text?.ErrCode ?? null);
    },
    async checkEnterprise(input) {
      const answer = await call('OCR VerifyBizLicenseEnterprise4', () =>
        ocrClient.VerifyBizLicenseEnterprise4({
          CreditCode: input.creditCode,
          EntName: input.companyName,
          LrName: input.legalPersonName,
          IdNum: input.legalPersonId,
        }),
      );
      const ref = typeof answer.RequestId === 'string' ? answer.RequestId.slice(0, 128) : null;
      if (answer.StatusCode !== 0)
        throw new IdentityError(
          'SERVICE_ERROR',
          `OCR VerifyBizLicenseEnterprise4: StatusCode ${String(answer.StatusCode)}`,
        );
      return { result: enterpriseResultOf(answer as TBizLicense4Answer), ref };
    },
  };
}

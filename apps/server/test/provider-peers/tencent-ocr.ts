/**
 * Tencent Cloud OCR (API 2018-11-19) `VerifyBizLicenseEnterprise4` as a test peer's handler, for
 * startTencentCloudPeer: the enterprises the test registers are the register it checks the four
 * elements (CreditCode, EntName, LrName, IdNum) against, answering StatusCode, VerifyResult, the
 * four Is…Consistent flags and OperatingStatus as documented (neither the code nor the name
 * found: every flag false, status "/"). A credit code listed in `failing` answers StatusCode 1
 * (the service's own failure, not billed).
 */
import type { TTencentHandler } from './tencent-cloud';

export type TRegisteredEnterprise = {
  creditCode: string;
  name: string;
  legalPerson: string;
  legalPersonId: string;
  /** 1 开业（在营）, 2 迁出, 3 注销, 4 吊销, 5 撤销, 6 停业, 7 撤销登记, 0 其他, / 无法查询. */
  operatingStatus: string;
};

export type TOcrPeerParts = {
  handlers: Record<string, TTencentHandler>;
  enterprises: TRegisteredEnterprise[];
  /** Credit codes the service fails for (StatusCode 1). */
  failing: Set<string>;
};

export function ocrPeer(enterprises: TRegisteredEnterprise[] = []): TOcrPeerParts {
  const failing = new Set<string>();
  const handlers: Record<string, TTencentHandler> = {
    VerifyBizLicenseEnterprise4(params) {
      const fields = ['CreditCode', 'EntName', 'LrName', 'IdNum'] as const;
      const missing = fields.filter((f) => typeof params[f] !== 'string' || params[f] === '');
      if (missing.length > 0)
        return {
          error: { Code: 'MissingParameter', Message: `The request is missing ${missing.join(', ')}.` },
        };
      if (failing.has(params.CreditCode)) return { StatusCode: 1 };
      const company =
        enterprises.find((e) => e.creditCode === params.CreditCode) ??
        enterprises.find((e) => e.name === params.EntName);
      if (!company)
        return {
          StatusCode: 0,
          VerifyResult: 0,
          IsCreditCodeConsistent: false,
          IsEntNameConsistent: false,
          IsLrNameConsistent: false,
          IsIdNumConsistent: false,
          OperatingStatus: '/',
          OperatingPeriod: '/',
        };
      const flags = {
        IsCreditCodeConsistent: company.creditCode === params.CreditCode,
        IsEntNameConsistent: company.name === params.EntName,
        IsLrNameConsistent: company.legalPerson === params.LrName,
        IsIdNumConsistent: company.legalPersonId === params.IdNum,
      };
      return {
        StatusCode: 0,
        VerifyResult: Object.values(flags).every(Boolean) ? 1 : 0,
        ...flags,
        OperatingStatus: company.operatingStatus,
        OperatingPeriod: '2015-03-01/',
      };
    },
  };
  return { handlers, enterprises, failing };
}

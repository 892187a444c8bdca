/**
 * Tencent Cloud FaceID (API 2018-03-01) as a test peer's handlers, for startTencentCloudPeer:
 *
 * - `DetectAuth` (RuleId, IdCard, Name, RedirectUrl, Extra) registers an attempt and answers
 *   `{ Url, BizToken }`; an unknown RuleId is refused as Tencent does;
 * - `GetDetectInfoEnhanced` (BizToken, RuleId, InfoType) answers the attempt's `Text` with its
 *   `ErrCode`/`ErrMsg` (null while the person has not finished), or BizTokenIllegal;
 * - `pages`: the stand-in of the H5 page the Url opens (`GET /faceid/h5/{BizToken}`): the test
 *   chooses an outcome (a form of ErrCode buttons); `POST` records it and sends the browser to
 *   RedirectUrl with `token={BizToken}` added, as Tencent does.
 *
 * `finish` ends an attempt as if the person finished on the phone and never came back.
 */
import { randomUUID } from 'node:crypto';
import type { TPeerAnswer, TPeerRequest } from './http-peer';
import type { TTencentHandler } from './tencent-cloud';

export type TFaceIdAttempt = {
  bizToken: string;
  ruleId: string;
  name: string;
  idCard: string;
  redirectUrl: string;
  extra: string;
  /** Null until the person finishes. */
  errCode: number | null;
};

/** A few of FaceID's documented result codes and messages (the page's buttons). */
export const faceIdOutcomes: ReadonlyArray<{ errCode: number; errMsg: string }> = [
  { errCode: 0, errMsg: '成功' },
  { errCode: 2016, errMsg: '无法判断为同一人，请确认身份后重试' },
  { errCode: 1004, errMsg: '人脸验证失败，请重试' },
  { errCode: 2006, errMsg: '姓名和身份证号不匹配，请核实身份后重试' },
  { errCode: 16, errMsg: '已达到重试上限' },
  { errCode: 1008, errMsg: '用户活体过程网络不稳定，请切换网络环境后重试' },
];

const errMsgOf = (code: number) => faceIdOutcomes.find((o) => o.errCode === code)?.errMsg ?? '人脸核身未通过';

export type TFaceIdPeerParts = {
  handlers: Record<string, TTencentHandler>;
  pages: (request: TPeerRequest, origin: string) => TPeerAnswer;
  attempts: Map<string, TFaceIdAttempt>;
  /** Ends the attempt with `errCode` (0: passed). */
  finish(bizToken: string, errCode: number): void;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function faceIdPeer(ruleId: string): TFaceIdPeerParts {
  const attempts = new Map<string, TFaceIdAttempt>();
  const ruleError = {
    error: {
      Code: 'InvalidParameterValue.RuleIdNotExist',
      Message: 'RuleId不存在，请到人脸核身控制台申请。',
    },
  };
  const handlers: Record<string, TTencentHandler> = {
    DetectAuth(params, context) {
      if (text(params.RuleId) !== ruleId) return ruleError;
      const bizToken = randomUUID().toUpperCase();
      attempts.set(bizToken, {
        bizToken,
        ruleId,
        name: text(params.Name),
        idCard: text(params.IdCard),
        redirectUrl: text(params.RedirectUrl),
        extra: text(params.Extra),
        errCode: null,
      });
      return { Url: `${context.origin}/faceid/h5/${bizToken}`, BizToken: bizToken };
    },
    GetDetectInfoEnhanced(params) {
      if (text(params.RuleId) !== ruleId) return ruleError;
      const attempt = attempts.get(text(params.BizToken));
      if (!attempt)
        return { error: { Code: 'InvalidParameterValue.BizTokenIllegal', Message: 'BizToken不合法' } };
      return {
        Text: {
          ErrCode: attempt.errCode,
          ErrMsg: attempt.errCode === null ? null : errMsgOf(attempt.errCode),
          IdCard: attempt.idCard,
          Name: attempt.name,
          Extra: attempt.extra,
          LivenessMode: 'REFLECTION',
          LivenessDetail: [],
        },
        IdCardData: null,
        BestFrame: null,
        VideoData: null,
        Encryption: null,
      };
    },
  };
  const pageOf = (attempt: TFaceIdAttempt) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>人脸核身（测试）</title></head>
<body><main><h1>人脸核身（测试）</h1>
<form method="post" action="/faceid/h5/${attempt.bizToken}">
${faceIdOutcomes.map((o) => `<button type="submit" name="errCode" value="${o.errCode}" data-errcode="${o.errCode}">${o.errCode} ${o.errMsg}</button>`).join('\n')}
</form></main></body></html>`;
  const pages = (request: TPeerRequest): TPeerAnswer => {
    const match = /^\/faceid\/h5\/([A-Z0-9-]{8,64})$/.exec(request.url.split('?')[0] ?? '');
    const attempt = match ? attempts.get(match[1] as string) : undefined;
    if (!attempt) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'BizToken不合法' };
    if (request.method === 'GET')
      return { headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageOf(attempt) };
    const errCode = Number(new URLSearchParams(request.body.toString('utf8')).get('errCode'));
    if (attempt.errCode === null && Number.isInteger(errCode)) attempt.errCode = errCode;
    const join = attempt.redirectUrl.includes('?') ? '&' : '?';
    return {
      status: 302,
      headers: { location: `${attempt.redirectUrl}${join}token=${encodeURIComponent(attempt.bizToken)}` },
      body: '',
    };
  };
  return {
    handlers,
    pages,
    attempts,
    finish(bizToken, errCode) {
      const attempt = attempts.get(bizToken);
      if (attempt) attempt.errCode = errCode;
    },
  };
}

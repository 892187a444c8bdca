/**
 * A peer of Alibaba Cloud's Dysmsapi `SendSms` (2017-05-25): checks every request's signature with
 * acs3.ts (never the SDK's code), reads the parameters from the query as the SDK sends them, and
 * answers `{ Code, Message, BizId, RequestId }`: `OK`, or the refusal set for the number
 * (sms-outcomes.ts). A signature that does not hold is an HTTP 4xx with Alibaba's error body. A
 * template registered with its parameter names is checked against `TemplateParam`.
 */
import { randomUUID } from 'node:crypto';
import { queryPairs, verifyAcs3 } from './acs3';
import { startHttpPeer, type THttpPeer } from './http-peer';
import { createSmsPeerState, never, type TSmsOutcome, type TSmsPeerState } from './sms-outcomes';

const refusals: Record<Exclude<TSmsOutcome, 'ok' | 'hang'>, { Code: string; Message: string }> = {
  rateLimit: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' },
  dayLimit: { Code: 'isv.DAY_LIMIT_CONTROL', Message: '触发日发送限额' },
  invalidNumber: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' },
  refused: { Code: 'isv.OUT_OF_SERVICE', Message: '业务停机' },
};

export type TAliyunSmsPeer = THttpPeer & { state: TSmsPeerState };

export type TAliyunSmsPeerOptions = {
  /** AccessKeyId → AccessKeySecret. */
  accessKeys: Record<string, string>;
  state?: TSmsPeerState;
  /** Template code → its parameter names; unset: any template. */
  templates?: Record<string, readonly string[]>;
};

/** Alibaba's `PhoneNumbers` (mainland numbers without +86, others with their country code) as E.164. */
function e164(phone: string): string {
  return /^1\d{10}$/.test(phone) ? `+86${phone}` : `+${phone.replace(/^\+|^00/, '')}`;
}

export async function startAliyunSmsPeer(options: TAliyunSmsPeerOptions): Promise<TAliyunSmsPeer> {
  const state = options.state ?? createSmsPeerState();
  const answer = (status: number, body: Record<string, unknown>) => ({
    status,
    body: JSON.stringify({ ...body, RequestId: randomUUID() }),
  });
  const peer = await startHttpPeer(async (request) => {
    const failure = verifyAcs3(request, options.accessKeys);
    if (failure) return answer(failure.status, { Code: failure.code, Message: failure.message });
    const action = request.headers['x-acs-action'];
    const version = request.headers['x-acs-version'];
    if (action !== 'SendSms' || version !== '2017-05-25')
      return answer(404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' });
    const q = Object.fromEntries(queryPairs(request.url));
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode'])
      if (!q[name])
        return answer(400, { Code: 'MissingParameter', Message: `${name} is mandatory for this action.` });
    let params: Record<string, string> = {};
    try {
      const parsed: unknown = JSON.parse(q.TemplateParam ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      params = parsed as Record<string, string>;
    } catch {
      return answer(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    }
    if (Object.values(params).some((value) => typeof value !== 'string'))
      return answer(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
    const template = q.TemplateCode as string;
    const names = options.templates?.[template];
    if (options.templates && names === undefined)
      return answer(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' });
    if (names?.some((name) => !(name in params)))
      return answer(200, { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板缺少变量' });
    const phones = (q.PhoneNumbers as string).split(',').map(e164);
    const outcomes = phones.map((phone) => state.outcomeFor(phone));
    if (outcomes.includes('hang')) return never();
    const refused = outcomes.find((outcome) => outcome !== 'ok');
    for (const phone of phones)
      state.sent.push({
        provider: 'aliyun',
        phone,
        signName: q.SignName as string,
        template,
        params,
        outcome: refused ?? 'ok',
      });
    if (refused) return answer(200, refusals[refused as keyof typeof refusals]);
    return answer(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  return { ...peer, state };
}

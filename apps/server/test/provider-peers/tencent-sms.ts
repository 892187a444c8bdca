/**
 * Tencent Cloud SMS `SendSms` (2021-01-11) for the generic Tencent Cloud peer (tencent-cloud.ts):
 * checks the parameters as the API documents them and answers one `SendStatusSet` entry per number,
 * `Code: "Ok"` or the refusal set for the number (sms-outcomes.ts). A template registered with its
 * parameter count is checked against `TemplateParamSet`.
 */
import { randomUUID } from 'node:crypto';
import { createSmsPeerState, never, type TSmsOutcome, type TSmsPeerState } from './sms-outcomes';
import { startTencentCloudPeer, type TTencentCloudPeer, type TTencentHandler } from './tencent-cloud';

const refusals: Record<Exclude<TSmsOutcome, 'ok' | 'hang'>, { Code: string; Message: string }> = {
  rateLimit: { Code: 'LimitExceeded.DeliveryFrequencyLimit', Message: 'delivery frequency limit' },
  dayLimit: { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'phone number daily limit' },
  invalidNumber: { Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'incorrect phone number' },
  refused: { Code: 'FailedOperation.PhoneNumberInBlacklist', Message: 'phone number in blacklist' },
};

export type TTencentSmsOptions = {
  state?: TSmsPeerState;
  /** The application id the console must send with. */
  sdkAppId: string;
  /** Template id → number of parameters; unset: any template. */
  templates?: Record<string, number>;
};

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The `SendSms` handler, writing into `state`. */
export function tencentSmsHandlers(
  options: TTencentSmsOptions & { state: TSmsPeerState },
): Record<string, TTencentHandler> {
  const { state } = options;
  return {
    SendSms: async (p: Record<string, unknown>, call) => {
      if (call.version !== '2021-01-11')
        return { error: { Code: 'InvalidParameter', Message: 'Unsupported version.' } };
      for (const name of ['PhoneNumberSet', 'SmsSdkAppId', 'TemplateId'] as const)
        if (p[name] === undefined)
          return { error: { Code: 'MissingParameter', Message: `${name} is missing.` } };
      if (!isStrings(p.PhoneNumberSet) || p.PhoneNumberSet.length === 0 || p.PhoneNumberSet.length > 200)
        return { error: { Code: 'InvalidParameterValue', Message: 'PhoneNumberSet is not valid.' } };
      if (p.SmsSdkAppId !== options.sdkAppId)
        return {
          error: {
            Code: 'FailedOperation.InsufficientBalanceInSmsPackage',
            Message: 'SmsSdkAppId is not valid.',
          },
        };
      const params = p.TemplateParamSet ?? [];
      if (!isStrings(params))
        return {
          error: {
            Code: 'InvalidParameterValue.TemplateParameterFormatError',
            Message: 'TemplateParamSet must be strings.',
          },
        };
      const template = String(p.TemplateId);
      const count = options.templates?.[template];
      if (options.templates && count === undefined)
        return {
          error: { Code: 'FailedOperation.TemplateIncorrectOrUnapproved', Message: 'template not approved' },
        };
      if (count !== undefined && count !== params.length)
        return {
          error: {
            Code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
            Message: 'parameters do not match',
          },
        };
      const outcomes = p.PhoneNumberSet.map((phone) => state.outcomeFor(phone));
      if (outcomes.includes('hang')) return never();
      const SendStatusSet = p.PhoneNumberSet.map((phone, i) => {
        const outcome = outcomes[i] as TSmsOutcome;
        state.sent.push({
          provider: 'tencent',
          phone,
          signName: String(p.SignName ?? ''),
          template,
          params,
          outcome,
        });
        const status =
          outcome === 'ok'
            ? { Code: 'Ok', Message: 'send success' }
            : refusals[outcome as keyof typeof refusals];
        return {
          SerialNo: outcome === 'ok' ? randomUUID() : '',
          PhoneNumber: phone,
          Fee: outcome === 'ok' ? 1 : 0,
          SessionContext: '',
          ...status,
          IsoCode: phone.startsWith('+86') ? 'CN' : 'DEF',
        };
      });
      return { SendStatusSet };
    },
  };
}

/** A Tencent Cloud peer that serves `SendSms` alone (other helpers add their actions beside it). */
export async function startTencentSmsPeer(
  options: TTencentSmsOptions & { secrets: Record<string, string> },
): Promise<TTencentCloudPeer & { state: TSmsPeerState }> {
  const state = options.state ?? createSmsPeerState();
  const peer = await startTencentCloudPeer({
    secrets: options.secrets,
    handlers: tencentSmsHandlers({ ...options, state }),
  });
  return { ...peer, state };
}

import type { TAuthMethod } from '@console/contract';
import { Languages } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { Form, Input } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sendAuthCode } from '@/api/send-auth-code';
import { ConsolePhoneInput } from '@/components/phone-input/console-phone-input';
import { DefaultPhoneCode } from '@/components/phone-input/phone-rules';
import { SendCodeButton, type TSendCodeTexts } from '@/components/send-code/send-code-button';
import { notConfiguredText } from '@/lib/adapters';
import { codeErrorText, type TCodeErrorTexts } from '@/lib/code-errors';
import { getMeta } from '@/lib/meta';
import { sendPhoneAuthCodeWithToken } from '../api/send-phone-code';

export type TCodeTargetFieldProps = {
  kind: 'phone' | 'email';
  purpose: TAuthMethod;
  label: string;
  codeLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** The phone's country code (kind `phone`): chosen from the list with the global-phone setting. */
  phoneCode?: string;
  onPhoneCodeChange?: (phoneCode: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
  /** The rule check of the target (a phrase text), null when it may receive a code. */
  targetError: string | null;
  error: string | null;
  onError: (text: string | null) => void;
  testId: string;
  /** The captcha popover of the code check (see `useCheckCaptcha`), opened below the code. */
  checkCaptcha?: ReactNode;
};

/**
 * A new phone or e-mail address and the code sent to it: the send button waits until the target
 * passes its rules, then counts down 60 seconds before a resend (with the image captcha). The
 * phone has the country list with the global-phone setting, else +86 (spec section 2).
 */
export function CodeTargetField(props: TCodeTargetFieldProps) {
  const { t, i18n } = useTranslation(['mfa', 'errors', 'common']);
  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  const texts: TCodeErrorTexts = {
    errors: i18n.getResourceBundle(lang, 'errors'),
    mfa: i18n.getResourceBundle(lang, 'mfa'),
    common: i18n.getResourceBundle(lang, 'common'),
  };
  const sendTexts: TSendCodeTexts = { ...texts.mfa.send, captcha: texts.mfa.captcha };
  const target = props.value.trim();
  const isGlobal = getMeta().features.globalPhone;
  const phoneCode = isGlobal ? props.phoneCode || DefaultPhoneCode : DefaultPhoneCode;
  const unavailable = notConfiguredText(props.kind === 'phone' ? 'sms' : 'email', texts.errors);
  const codeMessage = props.error ?? unavailable;
  const targetId = useId();
  return (
    <>
      <Form.Item
        label={props.label}
        htmlFor={targetId}
        validateStatus={target && props.targetError ? 'error' : ''}
        help={target && props.targetError ? props.targetError : undefined}
      >
        {props.kind === 'phone' ? (
          <ConsolePhoneInput
            id={targetId}
            value={props.value}
            onChange={props.onChange}
            phoneCode={phoneCode}
            onPhoneCodeChange={(picked) => props.onPhoneCodeChange?.(picked)}
            isGlobal={isGlobal}
            searchPlaceholder={t('phone.search')}
            countryLabel={t('phone.countryCode')}
            testId={`${props.testId}-target`}
          />
        ) : (
          <Input
            id={targetId}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            data-testid={`${props.testId}-target`}
            maxLength={128}
          />
        )}
      </Form.Item>
      <Form.Item
        label={props.codeLabel}
        validateStatus={codeMessage ? 'error' : ''}
        help={codeMessage ?? undefined}
      >
        <Input
          value={props.code}
          maxLength={Limits.codeLength}
          inputMode="numeric"
          placeholder={t('code.placeholder')}
          onChange={(e) => {
            props.onCodeChange(e.target.value.replace(/\D/g, ''));
            props.onError(null);
          }}
          data-testid={`${props.testId}-code`}
          suffix={
            <SendCodeButton
              key={props.kind === 'phone' ? `+${phoneCode} ${target}` : target}
              texts={sendTexts}
              isDisabled={!target || props.targetError !== null}
              unavailable={unavailable}
              testId={`${props.testId}-send`}
              describe={(e) => codeErrorText(e, texts)}
              onError={(e) => props.onError(codeErrorText(e, texts))}
              send={(captcha) =>
                props.kind === 'phone'
                  ? sendPhoneAuthCodeWithToken({
                      phone: target,
                      phoneCode,
                      authMethod: props.purpose,
                      captcha,
                    })
                  : sendAuthCode({ authMethod: props.purpose, authCodeType: 'EMAIL', email: target, captcha })
              }
            />
          }
        />
      </Form.Item>
      {props.checkCaptcha ? <div className="cz-captcha-anchor">{props.checkCaptcha}</div> : null}
    </>
  );
}

import type { TAuthMethod } from '@console/contract';
import { Languages } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sendAuthCode } from '@/api/send-auth-code';
import { SendCodeButton, type TSendCodeTexts } from '@/components/send-code/send-code-button';
import { notConfiguredText } from '@/lib/adapters';
import { codeErrorText, type TCodeErrorTexts } from '@/lib/code-errors';
import { sendPhoneAuthCodeWithToken } from '../api/send-phone-code';

export type TCodeTargetFieldProps = {
  kind: 'phone' | 'email';
  purpose: TAuthMethod;
  label: string;
  codeLabel: string;
  value: string;
  onChange: (value: string) => void;
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
 * A new phone (+86) or e-mail address and the code sent to it: the send button waits until the
 * target passes its rules, then counts down 60 seconds before a resend (with the image captcha).
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
  const unavailable = notConfiguredText(props.kind === 'phone' ? 'sms' : 'email', texts.errors);
  const codeMessage = props.error ?? unavailable;
  return (
    <>
      <Form.Item
        label={props.label}
        validateStatus={target && props.targetError ? 'error' : ''}
        help={target && props.targetError ? props.targetError : undefined}
      >
        <Input
          value={props.value}
          addonBefore={props.kind === 'phone' ? '+86' : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={`${props.testId}-target`}
          maxLength={props.kind === 'phone' ? 20 : 128}
        />
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
              key={target}
              texts={sendTexts}
              isDisabled={!target || props.targetError !== null}
              unavailable={unavailable}
              testId={`${props.testId}-send`}
              describe={(e) => codeErrorText(e, texts)}
              onError={(e) => props.onError(codeErrorText(e, texts))}
              send={(captcha) =>
                props.kind === 'phone'
                  ? sendPhoneAuthCodeWithToken({ phone: target, authMethod: props.purpose, captcha })
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

/**
 * The verification dialog of the console (spec section 4 "Verification dialog"): a 6-digit code
 * sent to the signed-in user's phone or e-mail proves who is there before a sensitive change.
 * Phone by default; e-mail first in the international edition when the user has one; a toggle
 * between them; without an e-mail address the user can bind one here (e-mail and code required).
 * Send, then a 60-second countdown, then a resend through the image captcha. Confirm answers the
 * single-use checkToken to the caller (through the image captcha too when the server asks for it
 * after many failed checks from the client's address).
 */

import type { TAuthCodeType, TAuthMethod } from '@console/contract';
import { checkEmail, maskEmail, maskPhone } from '@console/contract/contact-rules';
import { Languages } from '@console/contract/enums';
import { Alert, Button, Modal } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindEmail } from '@/api/bind-email';
import { checkAuthCode, type TCheckResult } from '@/api/check-auth-code';
import { useCurrentUser } from '@/api/get-current-user';
import { sendAuthCode } from '@/api/send-auth-code';
import { notConfiguredText } from '@/lib/adapters';
import { codeErrorText, type TCodeErrorTexts } from '@/lib/code-errors';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { useCaptchaGate } from '../captcha/use-captcha-gate';
import { CodeInput } from '../code-input/code-input';
import { isCompleteCode } from '../code-input/code-rules';
import { MaskedText } from '../masked-text';
import { SendCodeButton, type TSendCodeTexts } from '../send-code/send-code-button';
import { LineIcon } from '../ui/line-icon';
import { TextField } from '../ui/text-field';
import '../verify.css';
import './verification-dialog.css';

export type TVerificationDialogProps = {
  isOpen: boolean;
  /** The purpose of the code (`authMethod`, e.g. MFA_STATUS, RESET_MFA). */
  purpose: TAuthMethod;
  /** The channels the caller accepts (default both). */
  channels?: readonly TAuthCodeType[];
  title?: string;
  /** A line above the code explaining why. */
  description?: string;
  onClose: () => void;
  /** The verified code's single-use proof; the caller presents it with its next call. */
  onVerified: (result: TCheckResult) => Promise<void> | void;
};

type TView = 'verify' | 'bindEmail';

const bothChannels: readonly TAuthCodeType[] = ['SMS', 'EMAIL'];

/** Phone by default; e-mail first in the international edition when the user has one. */
export function defaultChannel(
  allowed: readonly TAuthCodeType[],
  user: { phone: string | null; email: string | null },
  isInternational: boolean,
): TAuthCodeType {
  if (allowed.length === 1) return allowed[0] ?? 'SMS';
  if (isInternational && user.email) return 'EMAIL';
  if (!user.phone && user.email) return 'EMAIL';
  return 'SMS';
}

export function VerificationDialog({
  isOpen,
  purpose,
  channels = bothChannels,
  title,
  description,
  onClose,
  onVerified,
}: TVerificationDialogProps) {
  const { t, i18n } = useTranslation(['mfa', 'errors', 'common', 'validation']);
  const user = useCurrentUser().data;
  const isInternational = getMeta().edition === 'international';
  const formId = useId();
  const [view, setView] = useState<TView>('verify');
  const [channel, setChannel] = useState<TAuthCodeType>('SMS');
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  // Each opening starts afresh, on the default channel. Only on opening: the user changes after
  // binding an e-mail address, and the dialog stays where it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on opening only (see above)
  useEffect(() => {
    if (!isOpen || !user) return;
    setView('verify');
    setChannel(defaultChannel(channels, user, isInternational));
    setCode('');
    setError(null);
    setEmail('');
    setEmailError(null);
  }, [isOpen, Boolean(user)]);

  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  const texts: TCodeErrorTexts = {
    errors: i18n.getResourceBundle(lang, 'errors'),
    mfa: i18n.getResourceBundle(lang, 'mfa'),
    common: i18n.getResourceBundle(lang, 'common'),
  };
  const sendTexts: TSendCodeTexts = { ...texts.mfa.send, captcha: texts.mfa.captcha };
  const gate = useCaptchaGate(texts.mfa.captcha, (cause) => codeErrorText(cause, texts));
  const showError = (cause: unknown) => {
    setError(codeErrorText(cause, texts));
    codeRef.current?.focus();
  };

  const phone = user?.phone ?? null;
  const userEmail = user?.email ?? null;
  const target = channel === 'SMS' ? phone : userEmail;
  const canToggle = channels.length > 1;
  const isBinding = view === 'bindEmail';
  const emailKey = checkEmail(email);
  const canConfirm = isCompleteCode(code) && (isBinding ? emailKey === null : target !== null);

  const switchTo = (next: TAuthCodeType) => {
    setChannel(next);
    setCode('');
    setError(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canConfirm || isSubmitting) return;
    setIsSubmitting(true);
    setError(null);
    try {
      if (isBinding) {
        const address = email.trim();
        const proof = await gate.run((captcha) =>
          checkAuthCode({ authMethod: 'BIND_EMAIL', authCodeType: 'EMAIL', email: address, code, captcha }),
        );
        await bindEmail(address, proof);
        toast({ level: 'success', title: t('verify.bindEmailDone') });
        setView('verify');
        setChannel('EMAIL');
        setCode('');
        return;
      }
      const result = await gate.run((captcha) =>
        checkAuthCode({ authMethod: purpose, authCodeType: channel, code, captcha }),
      );
      await onVerified(result);
    } catch (cause) {
      showError(cause);
    } finally {
      setIsSubmitting(false);
    }
  };

  const unavailable = notConfiguredText(isBinding || channel === 'EMAIL' ? 'email' : 'sms', texts.errors);
  const codeField = (
    <CodeInput
      ref={codeRef}
      id={`${formId}-code`}
      label={t('code.label')}
      value={code}
      onChange={(next) => {
        setCode(next);
        if (error) setError(null);
      }}
      error={error ?? unavailable}
      placeholder={t('code.placeholder')}
      testId="verify-code"
      isDisabled={!isBinding && !target}
      suffix={
        <SendCodeButton
          key={isBinding ? `bind:${email.trim().toLowerCase()}` : channel}
          texts={sendTexts}
          isDisabled={isBinding ? emailKey !== null : !target}
          unavailable={unavailable}
          send={(captcha) =>
            isBinding
              ? sendAuthCode({
                  authMethod: 'BIND_EMAIL',
                  authCodeType: 'EMAIL',
                  email: email.trim(),
                  captcha,
                })
              : sendAuthCode({ authMethod: purpose, authCodeType: channel, captcha })
          }
          onError={showError}
          describe={(cause) => codeErrorText(cause, texts)}
          testId="verify-send-code"
        />
      }
    />
  );

  return (
    <Modal
      open={isOpen}
      title={
        <span className="cz-verify__title">
          <LineIcon name="shield" size={18} />
          {isBinding ? t('verify.bindEmailTitle') : (title ?? t('verify.title'))}
        </span>
      }
      onCancel={onClose}
      width={460}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        isBinding ? (
          <Button key="back" onClick={() => setView('verify')} data-testid="verify-bind-back">
            {t('back', { ns: 'common' })}
          </Button>
        ) : (
          <Button key="cancel" onClick={onClose} data-testid="verify-cancel">
            {t('cancel', { ns: 'common' })}
          </Button>
        ),
        <Button
          key="ok"
          type="primary"
          htmlType="submit"
          form={formId}
          loading={isSubmitting}
          disabled={!canConfirm}
          data-testid="verify-confirm"
        >
          {t('verify.confirm')}
        </Button>,
      ]}
    >
      <form id={formId} className="cz-verify" noValidate onSubmit={submit} data-testid="verify-dialog">
        {isBinding ? (
          <>
            <p className="cz-verify__hint">{t('verify.bindEmailHint')}</p>
            <TextField
              id={`${formId}-email`}
              type="email"
              label={t('verify.emailLabel')}
              placeholder={t('verify.emailPlaceholder')}
              autoComplete="email"
              value={email}
              onValueChange={(next) => {
                setEmail(next);
                if (emailError) setEmailError(null);
              }}
              onBlur={() => {
                if (email.trim()) setEmailError(emailKey ? t(`validation:${emailKey}`) : null);
              }}
              error={emailError}
              data-testid="verify-email-input"
            />
            {codeField}
          </>
        ) : (
          <>
            <p className="cz-verify__hint">
              {description ??
                t('verify.hint', { channel: t(channel === 'SMS' ? 'verify.phone' : 'verify.email') })}
            </p>
            <div className="cz-verify__target" data-testid="verify-target" data-channel={channel}>
              <span className="cz-verify__target-icon">
                <LineIcon name={channel === 'SMS' ? 'phone' : 'mail'} size={18} />
              </span>
              <span className="cz-verify__target-body">
                <span className="cz-verify__target-label">
                  {t(channel === 'SMS' ? 'channel.SMS' : 'channel.EMAIL')}
                </span>
                {target ? (
                  <MaskedText
                    value={target}
                    mask={channel === 'SMS' ? maskPhone : maskEmail}
                    texts={{ show: t('verify.show'), hide: t('verify.hide') }}
                    testId="verify-target-value"
                  />
                ) : (
                  <span className="cz-verify__missing">
                    {channel === 'SMS' ? t('verify.noPhone') : t('protection.notBound')}
                  </span>
                )}
              </span>
              {canToggle ? (
                <button
                  type="button"
                  className="cz-verify__toggle"
                  onClick={() => switchTo(channel === 'SMS' ? 'EMAIL' : 'SMS')}
                  data-testid="verify-toggle"
                >
                  {t(channel === 'SMS' ? 'verify.useEmail' : 'verify.usePhone')}
                </button>
              ) : null}
            </div>
            {channel === 'EMAIL' && !userEmail ? (
              <Alert
                type="info"
                showIcon
                className="cz-verify__bind"
                title={t('verify.noEmail')}
                action={
                  <Button
                    size="small"
                    type="primary"
                    ghost
                    onClick={() => {
                      setView('bindEmail');
                      setCode('');
                      setError(null);
                    }}
                    data-testid="verify-bind-email"
                  >
                    {t('verify.bindEmail')}
                  </Button>
                }
              />
            ) : (
              codeField
            )}
          </>
        )}
        <div className="cz-captcha-anchor">{gate.popover}</div>
      </form>
    </Modal>
  );
}

/**
 * Step 1 of finding an account or a username: (the account name,) a phone number or an e-mail
 * address with the toggle between them, and the code sent to it. The code is checked (through
 * the image captcha popover when the server asks for it after many failed checks from the
 * client's address), then the caller's lookup runs with the proof; its failures show here.
 */
import type { TAuthMethod } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { checkAccountName } from '@console/contract/rules';
import { type FormEvent, useRef, useState } from 'react';
import type { TCheckResult } from '@/api/check-auth-code';
import { isCaptchaAsked, useCaptchaGate } from '@/components/captcha/use-captcha-gate';
import { CodeInput } from '@/components/code-input/code-input';
import { codeErrorKey } from '@/components/code-input/code-rules';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { SendCodeButton } from '@/components/send-code/send-code-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { notConfiguredText } from '@/lib/adapters';
import { asApiError, codeErrorText, errorCodeOf, type TCodeErrorTexts } from '@/lib/code-errors';
import { getMeta } from '@/lib/meta';
import { getPhrases } from '@/lib/phrases';
import {
  checkContactCode,
  contactKey,
  defaultContactType,
  emptyContact,
  sendContactCode,
  type TContact,
  validateContact,
} from '../lib/contact';

export type TVerifiedContact = { contact: TContact; proof: TCheckResult; accountName: string };

export type TContactFormProps = {
  purpose: Extract<TAuthMethod, 'FIND_ACCOUNT_FORM' | 'FIND_USERNAME_FORM'>;
  /** Ask for the account name first (finding a username). */
  withAccount?: boolean;
  initialAccount?: string;
  /** Runs the lookup with the verified code; a failure is shown by the form. */
  onVerified: (verified: TVerifiedContact) => Promise<void>;
  testId: string;
};

type TField = 'account' | 'target' | 'code';
type TErrors = Partial<Record<TField, string>>;

/** Codes after which the verified code (or its proof) is spent: the user needs a new code. */
const codeFailures: readonly number[] = [
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeExpired,
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
];

class TargetInvalid extends Error {}

export function ContactForm({
  purpose,
  withAccount = false,
  initialAccount = '',
  onVerified,
  testId,
}: TContactFormProps) {
  const t = getPhrases('recovery');
  const v = getPhrases('validation');
  const mfa = getPhrases('mfa');
  const texts: TCodeErrorTexts = { errors: getPhrases('errors'), mfa, common: getPhrases('common') };
  const meta = getMeta();
  const [account, setAccount] = useState(initialAccount);
  const [contact, setContact] = useState<TContact>(() => emptyContact(defaultContactType(meta.edition)));
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const gate = useCaptchaGate(mfa.captcha, (cause) => codeErrorText(cause, texts));
  const refs = {
    account: useRef<HTMLInputElement>(null),
    target: useRef<HTMLDivElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

  const setError = (field: TField, text: string | undefined) =>
    setErrors((prev) => ({ ...prev, [field]: text }));
  const targetError = (next: TContact) => {
    const key = validateContact(next);
    return key ? v[key] : undefined;
  };
  const focus = (field: TField) => {
    if (field === 'target') refs.target.current?.querySelector('input')?.focus();
    else refs[field].current?.focus();
  };

  const switchType = () => {
    setContact((prev) => ({ ...prev, type: prev.type === 'phone' ? 'email' : 'phone' }));
    setCode('');
    setErrors((prev) => ({ account: prev.account }));
    setMessage(null);
  };

  const changeContact = (next: TContact) => {
    setContact(next);
    if (errors.target) setError('target', targetError(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const next: TErrors = {};
    if (withAccount) {
      const key = checkAccountName(account);
      if (key) next.account = v[key];
    }
    next.target = targetError(contact);
    const codeKey = codeErrorKey(code);
    if (codeKey) next.code = v[codeKey];
    setErrors(next);
    const first = (['account', 'target', 'code'] as const).find((f) => next[f]);
    if (first) {
      focus(first);
      return;
    }
    setIsSubmitting(true);
    setMessage(null);
    try {
      const proof = await gate.run((captcha) => checkContactCode(purpose, contact, code, captcha));
      await onVerified({ contact, proof, accountName: account.trim() });
    } catch (cause) {
      const failure = errorCodeOf(cause);
      if (
        failure !== null &&
        (codeFailures.includes(failure) || failure === ErrorCode.badRequest || isCaptchaAsked(cause))
      ) {
        setError('code', codeErrorText(cause, texts));
        focus('code');
      } else {
        setMessage(asApiError(cause)?.message || codeErrorText(cause, texts));
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  const isPhone = contact.type === 'phone';
  const unavailable = notConfiguredText(isPhone ? 'sms' : 'email', texts.errors);
  return (
    <form className="cz-public-form" noValidate onSubmit={submit} data-testid={testId}>
      {withAccount ? (
        <TextField
          ref={refs.account}
          id={`${testId}-account`}
          label={t.findUsername.accountName}
          placeholder={t.findUsername.accountNamePlaceholder}
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onValueChange={(value) => {
            setAccount(value);
            if (errors.account) {
              const key = checkAccountName(value);
              setError('account', key ? v[key] : undefined);
            }
          }}
          onBlur={() => {
            if (account.trim()) {
              const key = checkAccountName(account);
              setError('account', key ? v[key] : undefined);
            }
          }}
          error={errors.account ?? null}
          data-testid={`${testId}-account`}
        />
      ) : null}
      <div ref={refs.target}>
        {isPhone ? (
          <PhoneInput
            id={`${testId}-phone`}
            value={contact.phone}
            onChange={(phone) => changeContact({ ...contact, phone })}
            onBlur={() => {
              if (contact.phone.phone.trim()) setError('target', targetError(contact));
            }}
            isGlobal={meta.features.globalPhone}
            texts={mfa.phone}
            error={errors.target ?? null}
            testId={`${testId}-phone`}
          />
        ) : (
          <TextField
            id={`${testId}-email`}
            type="email"
            label={t.method.email}
            placeholder={t.method.emailPlaceholder}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={contact.email}
            onValueChange={(email) => changeContact({ ...contact, email })}
            onBlur={() => {
              if (contact.email.trim()) setError('target', targetError(contact));
            }}
            error={errors.target ?? null}
            data-testid={`${testId}-email`}
          />
        )}
      </div>
      <div className="cz-public-form__switch">
        <button
          type="button"
          className="cz-link-button"
          onClick={switchType}
          data-testid={`${testId}-switch`}
        >
          {isPhone ? t.method.useEmail : t.method.usePhone}
        </button>
      </div>
      <CodeInput
        ref={refs.code}
        id={`${testId}-code`}
        label={mfa.code.label}
        placeholder={mfa.code.placeholder}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (errors.code) setError('code', undefined);
        }}
        error={errors.code ?? unavailable}
        testId={`${testId}-code`}
        suffix={
          <SendCodeButton
            key={contactKey(contact)}
            texts={{ ...mfa.send, captcha: mfa.captcha }}
            unavailable={unavailable}
            send={async (captcha) => {
              const invalid = targetError(contact);
              if (invalid) throw new TargetInvalid(invalid);
              setError('code', undefined);
              const result = await sendContactCode(purpose, contact, captcha);
              refs.code.current?.focus();
              return result;
            }}
            onError={(cause) => {
              if (cause instanceof TargetInvalid) {
                setError('target', cause.message);
                focus('target');
              } else {
                setError('code', codeErrorText(cause, texts));
              }
            }}
            describe={(cause) => codeErrorText(cause, texts)}
            testId={`${testId}-send-code`}
          />
        }
      />
      <div className="cz-captcha-anchor">{gate.popover}</div>
      {message ? <Alert testId={`${testId}-message`}>{message}</Alert> : null}
      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={isSubmitting}
        data-testid={`${testId}-submit`}
      >
        {isSubmitting ? t.verifying : t.next}
      </Button>
    </form>
  );
}

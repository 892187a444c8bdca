/**
 * Step 1 of the registration (spec section 2 "Registration", section 5): username, password and
 * its confirmation under the default policy, the phone (domestic) or e-mail address
 * (international) with its REGISTER_FORM code, the image captcha, company, invite code (required
 * in the international edition) and the user agreement. The code is verified first (through the
 * image captcha popover when the server asks for it after many failed checks from the client's
 * address); only then does the server tell that the target is registered already (4027).
 */
import { ErrorCode } from '@console/contract/codes';
import { DefaultPasswordPolicy } from '@console/contract/password-rules';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { checkAuthCode, type TCheckResult } from '@/api/check-auth-code';
import { checkPhoneAuthCode } from '@/api/check-phone-auth-code';
import { CaptchaField, type TCaptchaFieldHandle } from '@/components/captcha/captcha-field';
import { isCaptchaAsked, useCaptchaGate } from '@/components/captcha/use-captcha-gate';
import { CodeInput } from '@/components/code-input/code-input';
import { PasswordField } from '@/components/password-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { SendCodeButton } from '@/components/send-code/send-code-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { notConfiguredText } from '@/lib/adapters';
import {
  asApiError,
  codeErrorText,
  errorCodeOf,
  errorDataNumber,
  type TCodeErrorTexts,
} from '@/lib/code-errors';
import { getMeta } from '@/lib/meta';
import { isPolicyCode, policyRuleText } from '@/lib/password-policy';
import { getPhrases } from '@/lib/phrases';
import { createAccount, type TCreatedAccount, type TMarketplace } from '../api/create-account';
import { sendRegisterCode } from '../api/send-register-code';
import {
  emptyRegistration,
  proofKey,
  registerFields,
  registerTarget,
  registrationFieldError,
  type TRegisterErrors,
  type TRegisterField,
  type TRegisterValues,
  validateRegistration,
} from '../lib/validate-registration';

export type TRegisterFormProps = {
  /** Registration from a cloud-marketplace subscription. */
  marketplace?: TMarketplace | null;
  onCreated: (account: TCreatedAccount, username: string) => void;
};

const codeFailures: readonly number[] = [
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeExpired,
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
];

/** Field errors of a 400 answer, by the form's field names. */
const serverFields: Record<string, TRegisterField> = {
  username: 'username',
  password: 'password',
  phone: 'target',
  email: 'target',
  registerCompany: 'company',
  inviteCode: 'inviteCode',
  agreement: 'agreement',
};

class TargetInvalid extends Error {}

/** The code check's own captcha (popover) was not answered: the form's captcha stays as it is. */
class CheckCaptchaMissing extends Error {}

export function RegisterForm({ marketplace, onCreated }: TRegisterFormProps) {
  const t = getPhrases('register');
  const p = getPhrases('password');
  const mfa = getPhrases('mfa');
  const validation = getPhrases('validation');
  const errors = getPhrases('errors');
  const common = getPhrases('common');
  const codeTexts: TCodeErrorTexts = { errors, mfa, common };
  const texts = { validation, errors, password: p };
  const meta = getMeta();
  const rules = {
    isInternational: meta.edition === 'international',
    needsAgreement: meta.features.gaAgreement,
  };
  // Registration sends its code by e-mail in the international edition, by SMS otherwise.
  const unavailable = notConfiguredText(rules.isInternational ? 'email' : 'sms', errors);
  const [values, setValues] = useState<TRegisterValues>(emptyRegistration);
  const [fieldErrors, setFieldErrors] = useState<TRegisterErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const proof = useRef<{ key: string; result: TCheckResult } | null>(null);
  const captcha = useRef<TCaptchaFieldHandle>(null);
  const form = useRef<HTMLFormElement>(null);
  const gate = useCaptchaGate(mfa.captcha, (cause) => codeErrorText(cause, codeTexts), 'bottom-start');

  const setError = (field: TRegisterField, text: string | undefined) =>
    setFieldErrors((prev) => ({ ...prev, [field]: text }));

  const change = <K extends keyof TRegisterValues>(
    key: K,
    value: TRegisterValues[K],
    field: TRegisterField,
  ) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // Once shown, an error follows the typing (and goes as soon as the value is right).
    if (fieldErrors[field] || isSubmitted) setError(field, registrationFieldError(field, next, rules, texts));
    if (field === 'password' && (fieldErrors.confirm || isSubmitted) && next.confirm)
      setError('confirm', registrationFieldError('confirm', next, rules, texts));
  };
  const blur = (field: TRegisterField) => {
    if (field === 'confirm' ? values.confirm : field === 'target' ? values.email || values.phone.phone : true)
      setError(field, registrationFieldError(field, values, rules, texts));
  };

  const focusField = (field: TRegisterField) => {
    const el = form.current?.querySelector<HTMLElement>(`[data-field="${field}"] input`);
    el?.focus();
  };

  /** Answers the proof of the code for the current target and code, checking it when needed. */
  const verifiedCode = async (): Promise<TCheckResult> => {
    const key = proofKey(values, rules.isInternational);
    if (proof.current?.key === key) return proof.current.result;
    const target = registerTarget(values, rules.isInternational);
    const result = await gate
      .run((answer) =>
        'email' in target
          ? checkAuthCode({
              authMethod: 'REGISTER_FORM',
              authCodeType: 'EMAIL',
              email: target.email,
              code: values.code,
              captcha: answer,
            })
          : checkPhoneAuthCode({
              authMethod: 'REGISTER_FORM',
              ...target,
              code: values.code,
              captcha: answer,
            }),
      )
      .catch((cause: unknown) => {
        if (!isCaptchaAsked(cause)) throw cause;
        setError('code', codeErrorText(cause, codeTexts));
        throw new CheckCaptchaMissing();
      });
    proof.current = { key, result };
    return result;
  };

  const fail = (cause: unknown) => {
    if (cause instanceof CheckCaptchaMissing) {
      focusField('code');
      return;
    }
    const api = asApiError(cause);
    const code = errorCodeOf(cause);
    let field: TRegisterField | null = null;
    if (code !== null && codeFailures.includes(code)) {
      proof.current = null;
      field = 'code';
      setError('code', code === ErrorCode.codeMismatch ? codeErrorText(cause, codeTexts) : t.newCode);
    } else if (code === ErrorCode.alreadyRegistered) {
      proof.current = null;
      field = 'target';
      setError('target', api?.message || errors['4027']);
    } else if (code === ErrorCode.inviteCodeInvalid) {
      field = 'inviteCode';
      setError('inviteCode', api?.message || errors['4028']);
    } else if (code === ErrorCode.captchaRequired || code === ErrorCode.captchaInvalid) {
      captcha.current?.fail(api?.message || errors[code]);
      return;
    } else if (isPolicyCode(code)) {
      field = 'password';
      setError('password', api?.message || errors[code]);
    } else if (code === ErrorCode.tooManyRequests) {
      // Blocked after many failures from the address (with its wait), or too many registrations.
      setMessage(
        errorDataNumber(cause, 'retryAfterSeconds') !== null ? codeErrorText(cause, codeTexts) : t.tooMany,
      );
    } else if (
      code === ErrorCode.marketplaceTokenInvalid ||
      code === ErrorCode.marketplaceTokenExpired ||
      code === ErrorCode.marketplaceUnavailable ||
      code === ErrorCode.marketplaceAccountRegistered
    ) {
      setMessage(api?.message || errors[code]);
    } else if (code === ErrorCode.badRequest && api?.data) {
      const found = (api.data as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
      const next: TRegisterErrors = {};
      for (const [name, text] of Object.entries(found)) {
        const mapped = serverFields[name];
        if (mapped) next[mapped] = text;
      }
      field = registerFields.find((f) => next[f]) ?? null;
      if (field) setFieldErrors((prev) => ({ ...prev, ...next }));
      else setMessage(api.message || common.requestFailed);
    } else {
      setMessage(api?.kind === 'network' ? common.networkError : api?.message || common.requestFailed);
    }
    if (field) focusField(field);
    // A captcha answer serves once.
    captcha.current?.refresh();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitted(true);
    setMessage(null);
    const found = validateRegistration(values, rules, texts);
    setFieldErrors(found);
    const first = registerFields.find((f) => found[f]);
    // The captcha shows what is missing too.
    const answer = captcha.current?.read() ?? null;
    if (first) {
      focusField(first);
      return;
    }
    if (!answer) return;
    setIsSubmitting(true);
    try {
      const checked = await verifiedCode();
      const target = registerTarget(values, rules.isInternational);
      const company = values.company.trim();
      const invite = values.inviteCode.trim();
      const username = values.username.trim();
      const created = await createAccount(
        {
          username,
          password: values.password,
          ...target,
          captchaId: answer.captchaId,
          captcheCode: answer.captchaCode,
          ...(company ? { registerCompany: company } : {}),
          ...(invite ? { inviteCode: invite } : {}),
          agreement: values.agreement,
        },
        checked,
        marketplace,
      );
      onCreated(created, username);
    } catch (cause) {
      fail(cause);
    } finally {
      setIsSubmitting(false);
    }
  };

  const field = (name: TRegisterField, node: ReactNode, isFull = false) => (
    <div data-field={name} className={isFull ? 'cz-public-form__full' : undefined}>
      {node}
    </div>
  );

  return (
    <form ref={form} className="cz-public-form" noValidate onSubmit={submit} data-testid="register-form">
      <div className="cz-public-form__grid">
        {field(
          'username',
          <TextField
            id="register-username"
            label={t.username}
            placeholder={t.usernamePlaceholder}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onValueChange={(v) => change('username', v, 'username')}
            onBlur={() => values.username && blur('username')}
            error={fieldErrors.username ?? null}
            aria-describedby={fieldErrors.username ? undefined : 'register-username-hint'}
            after={
              fieldErrors.username ? null : (
                <p className="cz-field__hint" id="register-username-hint">
                  {t.usernameHint}
                </p>
              )
            }
            data-testid="register-username"
          />,
          true,
        )}
        {field(
          'password',
          <PasswordField
            id="register-password"
            label={p.password}
            placeholder={p.passwordPlaceholder}
            autoComplete="new-password"
            value={values.password}
            onValueChange={(v) => change('password', v, 'password')}
            onBlur={() => values.password && blur('password')}
            error={fieldErrors.password ?? null}
            hint={policyRuleText(DefaultPasswordPolicy, texts)}
            texts={{ show: p.show, hide: p.hide }}
            data-testid="register-password"
          />,
        )}
        {field(
          'confirm',
          <PasswordField
            id="register-confirm"
            label={p.confirmPassword}
            placeholder={p.confirmPasswordPlaceholder}
            autoComplete="new-password"
            value={values.confirm}
            onValueChange={(v) => change('confirm', v, 'confirm')}
            onBlur={() => blur('confirm')}
            error={fieldErrors.confirm ?? null}
            texts={{ show: p.show, hide: p.hide }}
            data-testid="register-confirm"
          />,
        )}
        {field(
          'target',
          rules.isInternational ? (
            <TextField
              id="register-email"
              type="email"
              label={t.email}
              placeholder={t.emailPlaceholder}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={values.email}
              onValueChange={(v) => change('email', v, 'target')}
              onBlur={() => blur('target')}
              error={fieldErrors.target ?? null}
              data-testid="register-email"
            />
          ) : (
            <PhoneInput
              id="register-phone"
              value={values.phone}
              onChange={(v) => change('phone', v, 'target')}
              onBlur={() => blur('target')}
              isGlobal={meta.features.globalPhone}
              texts={mfa.phone}
              error={fieldErrors.target ?? null}
              testId="register-phone"
            />
          ),
          true,
        )}
        {field(
          'code',
          <>
            <CodeInput
              id="register-code"
              label={mfa.code.label}
              placeholder={mfa.code.placeholder}
              value={values.code}
              onChange={(v) => change('code', v, 'code')}
              error={fieldErrors.code ?? unavailable}
              testId="register-code"
              suffix={
                <SendCodeButton
                  key={proofKey({ ...values, code: '' }, rules.isInternational)}
                  texts={{ ...mfa.send, captcha: mfa.captcha }}
                  unavailable={unavailable}
                  send={async (answer) => {
                    const invalid = registrationFieldError('target', values, rules, texts);
                    if (invalid) throw new TargetInvalid(invalid);
                    setError('code', undefined);
                    proof.current = null;
                    const result = await sendRegisterCode(
                      registerTarget(values, rules.isInternational),
                      answer,
                    );
                    focusField('code');
                    return result;
                  }}
                  onError={(cause) => {
                    if (cause instanceof TargetInvalid) {
                      setError('target', cause.message);
                      focusField('target');
                    } else setError('code', codeErrorText(cause, codeTexts));
                  }}
                  describe={(cause) => codeErrorText(cause, codeTexts)}
                  testId="register-send-code"
                />
              }
            />
            <div className="cz-captcha-anchor">{gate.popover}</div>
          </>,
          true,
        )}
        <div className="cz-public-form__full">
          <CaptchaField
            ref={captcha}
            id="register-captcha"
            testId="register-captcha"
            hintTone="help"
            texts={{
              ...mfa.captcha,
              label: t.captchaLabel,
              placeholder: t.captchaPlaceholder,
              hint: t.captchaHint,
            }}
            messages={validation}
          />
        </div>
        {field(
          'company',
          <TextField
            id="register-company"
            label={t.company}
            placeholder={t.companyPlaceholder}
            autoComplete="organization"
            value={values.company}
            onValueChange={(v) => change('company', v, 'company')}
            error={fieldErrors.company ?? null}
            data-testid="register-company"
          />,
        )}
        {field(
          'inviteCode',
          <TextField
            id="register-invite"
            label={t.inviteCode}
            placeholder={rules.isInternational ? t.inviteCodePlaceholder : t.inviteCodeOptionalPlaceholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required={rules.isInternational}
            value={values.inviteCode}
            onValueChange={(v) => change('inviteCode', v, 'inviteCode')}
            error={fieldErrors.inviteCode ?? null}
            data-testid="register-invite"
          />,
        )}
        {rules.needsAgreement
          ? field(
              'agreement',
              <div className={`cz-field${fieldErrors.agreement ? ' cz-field--error' : ''}`}>
                <label className="cz-check">
                  <input
                    type="checkbox"
                    checked={values.agreement}
                    onChange={(e) => change('agreement', e.target.checked, 'agreement')}
                    aria-invalid={fieldErrors.agreement ? true : undefined}
                    aria-describedby={fieldErrors.agreement ? 'register-agreement-error' : undefined}
                    data-testid="register-agreement"
                  />
                  <span>{t.agreement}</span>
                </label>
                {fieldErrors.agreement ? (
                  <p
                    className="cz-field__error"
                    id="register-agreement-error"
                    data-testid="register-agreement-error"
                  >
                    {fieldErrors.agreement}
                  </p>
                ) : null}
              </div>,
              true,
            )
          : null}
      </div>
      {message ? <Alert testId="register-message">{message}</Alert> : null}
      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={isSubmitting}
        data-testid="register-submit"
      >
        {isSubmitting ? t.submitting : t.submit}
      </Button>
    </form>
  );
}

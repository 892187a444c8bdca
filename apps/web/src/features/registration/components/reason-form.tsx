/**
 * Step 2 of the registration (spec section 3 "Registration info"): the roles and goals of the
 * person registering, at least one; "other" needs its text (at most 256 characters).
 */
import type { TRegistrationReason } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { asApiError } from '@/lib/code-errors';
import { getPhrases } from '@/lib/phrases';
import type { TCreatedAccount } from '../api/create-account';
import { updateRegistrationInfo } from '../api/update-registration-info';

export type TReasonFormProps = { account: TCreatedAccount; onDone: () => void };

/** The reasons offered, in the order of the contract's `RegistrationReasons` (reason-form.test.tsx). */
export function reasonsOf(options: Record<TRegistrationReason, string>): TRegistrationReason[] {
  return Object.keys(options) as TRegistrationReason[];
}

export function ReasonForm({ account, onDone }: TReasonFormProps) {
  const t = getPhrases('register');
  const v = getPhrases('validation');
  const c = getPhrases('common');
  const id = useId();
  const [chosen, setChosen] = useState<TRegistrationReason[]>([]);
  const [other, setOther] = useState('');
  const [error, setError] = useState<{ reasons?: string; other?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const otherRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const isOther = chosen.includes('other');

  const toggle = (reason: TRegistrationReason, isChecked: boolean) => {
    const next = isChecked ? [...chosen, reason] : chosen.filter((r) => r !== reason);
    setChosen(next);
    if (error.reasons && next.length > 0) setError((prev) => ({ ...prev, reasons: undefined }));
    if (reason === 'other' && !isChecked) setError((prev) => ({ ...prev, other: undefined }));
    if (reason === 'other' && isChecked) requestAnimationFrame(() => otherRef.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const text = other.trim();
    const next = {
      reasons: chosen.length === 0 ? v.reasonRequired : undefined,
      other: isOther && text === '' ? v.reasonOtherRequired : undefined,
    };
    setError(next);
    if (next.reasons) return firstRef.current?.focus();
    if (next.other) return otherRef.current?.focus();
    setIsSubmitting(true);
    setMessage(null);
    try {
      // In the order offered, whatever the order of the clicks.
      const reasons = reasonsOf(t.reason.options).filter((r) => chosen.includes(r));
      await updateRegistrationInfo(account, {
        registration_reason: reasons,
        registration_reason_other: isOther ? [text] : [],
      });
      onDone();
    } catch (cause) {
      const api = asApiError(cause);
      setMessage(api?.kind === 'network' ? c.networkError : api?.message || c.requestFailed);
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="cz-public-form" noValidate onSubmit={submit} data-testid="register-reason-form">
      <fieldset
        className={`cz-reasons${error.reasons ? ' cz-field--error' : ''}`}
        aria-describedby={error.reasons ? `${id}-error` : undefined}
        aria-invalid={error.reasons ? true : undefined}
      >
        <legend className="cz-field__label">{t.reason.legend}</legend>
        <div className="cz-reasons__grid">
          {reasonsOf(t.reason.options).map((reason, index) => (
            <label
              key={reason}
              className={`cz-reasons__option${chosen.includes(reason) ? ' is-checked' : ''}`}
            >
              <input
                ref={index === 0 ? firstRef : undefined}
                type="checkbox"
                checked={chosen.includes(reason)}
                onChange={(e) => toggle(reason, e.target.checked)}
                data-testid={`register-reason-${reason}`}
              />
              <span>{t.reason.options[reason]}</span>
            </label>
          ))}
        </div>
        {error.reasons ? (
          <p className="cz-field__error" id={`${id}-error`} data-testid="register-reason-error">
            {error.reasons}
          </p>
        ) : null}
      </fieldset>
      {isOther ? (
        <div className={`cz-field${error.other ? ' cz-field--error' : ''}`}>
          <label className="cz-field__label" htmlFor={`${id}-other`}>
            {t.reason.otherLabel}
          </label>
          <div className="cz-field__box">
            <input
              ref={otherRef}
              id={`${id}-other`}
              className="cz-field__input"
              value={other}
              maxLength={Limits.reasonMax}
              placeholder={t.reason.otherPlaceholder}
              onChange={(e) => {
                setOther(e.target.value);
                if (error.other && e.target.value.trim()) setError((prev) => ({ ...prev, other: undefined }));
              }}
              aria-invalid={error.other ? true : undefined}
              aria-describedby={error.other ? `${id}-other-error` : undefined}
              data-testid="register-reason-other"
            />
          </div>
          {error.other ? (
            <p className="cz-field__error" id={`${id}-other-error`} data-testid="register-reason-other-error">
              {error.other}
            </p>
          ) : null}
        </div>
      ) : null}
      {message ? <Alert testId="register-reason-message">{message}</Alert> : null}
      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={isSubmitting}
        data-testid="register-reason-submit"
      >
        {isSubmitting ? t.reason.submitting : t.reason.submit}
      </Button>
    </form>
  );
}

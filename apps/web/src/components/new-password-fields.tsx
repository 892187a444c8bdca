/**
 * A new password and its confirmation under the account's password policy (spec section 5), on the
 * public pages that set one: accepting an invitation, and resetting a forgotten or expired password
 * (the sign-in's 5066 leads to the reset). The policy's rule shows under the first field; a submit
 * checks both fields and focuses the first wrong one, and from then on they are checked as they
 * change; a confirmation left with another value says at once that the two are inconsistent.
 *
 * The values live with the page (`useNewPassword`), so that they outlast a step of the page that
 * hides the fields (the invitation's authenticator step, and its way back).
 */
import type { TPasswordRules } from '@console/contract/password-rules';
import { type RefObject, useEffect, useRef, useState } from 'react';
import {
  checkNewPassword,
  policyRuleText,
  type TNewPasswordErrors,
  type TPasswordTexts,
} from '@/lib/password-policy';
import { PasswordField } from './password-field';

type TField = 'password' | 'confirm';

export type TNewPassword = {
  password: string;
  confirm: string;
  /**
   * Checks both fields: shows what is wrong, focuses the first wrong field and answers whether
   * both pass. From then on the fields are checked as they change.
   */
  check: () => boolean;
  /** Focuses the new password (e.g. after the server refused it under its policy). */
  focus: () => void;
  /** What `NewPasswordFields` draws and changes. */
  fields: {
    policy: TPasswordRules;
    texts: TPasswordTexts;
    errors: TNewPasswordErrors;
    refs: Record<TField, RefObject<HTMLInputElement | null>>;
    change: (field: TField, value: string) => void;
    leaveConfirm: () => void;
  };
};

/** The state of a new-password pair under `policy`, kept by the page that shows it. */
export function useNewPassword(policy: TPasswordRules, texts: TPasswordTexts): TNewPassword {
  const [values, setValues] = useState<Record<TField, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<TNewPasswordErrors>({});
  const [isChecked, setIsChecked] = useState(false);
  const refs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  return {
    password: values.password,
    confirm: values.confirm,
    check: () => {
      setIsChecked(true);
      const found = checkNewPassword(values.password, values.confirm, policy, texts);
      setErrors(found);
      if (!found.password && !found.confirm) return true;
      refs[found.password ? 'password' : 'confirm'].current?.focus();
      return false;
    },
    focus: () => refs.password.current?.focus(),
    fields: {
      policy,
      texts,
      errors,
      refs,
      change: (field, value) => {
        const next = { ...values, [field]: value };
        setValues(next);
        if (isChecked) setErrors(checkNewPassword(next.password, next.confirm, policy, texts));
      },
      leaveConfirm: () => {
        if (values.confirm && values.confirm !== values.password)
          setErrors((prev) => ({ ...prev, confirm: texts.validation.passwordMismatch }));
      },
    },
  };
}

export type TNewPasswordFieldsProps = {
  state: TNewPassword;
  /** The fields' ids (and test ids): `<id>-password` and `<id>-confirm`. */
  id: string;
  /** The account's username, for the browser's password manager (a hidden field). */
  username: string;
};

/** The two fields of a new password; the new password has the focus when they appear. */
export function NewPasswordFields({ state, id, username }: TNewPasswordFieldsProps) {
  const { policy, texts, errors, refs, change, leaveConfirm } = state.fields;
  const p = texts.password;
  const passwordRef = refs.password;
  useEffect(() => passwordRef.current?.focus(), [passwordRef]);
  return (
    <>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        ref={refs.password}
        id={`${id}-password`}
        label={p.newPassword}
        placeholder={p.newPasswordPlaceholder}
        autoComplete="new-password"
        value={state.password}
        onValueChange={(next) => change('password', next)}
        error={errors.password ?? null}
        hint={policyRuleText(policy, texts)}
        texts={{ show: p.show, hide: p.hide }}
        data-testid={`${id}-password`}
      />
      <PasswordField
        ref={refs.confirm}
        id={`${id}-confirm`}
        label={p.confirmPassword}
        placeholder={p.confirmPasswordPlaceholder}
        autoComplete="new-password"
        value={state.confirm}
        onValueChange={(next) => change('confirm', next)}
        onBlur={leaveConfirm}
        error={errors.confirm ?? null}
        texts={{ show: p.show, hide: p.hide }}
        data-testid={`${id}-confirm`}
      />
    </>
  );
}

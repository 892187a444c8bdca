/**
 * The change-password form's own checks (before anything is sent): the current password is
 * required; the new one must follow the account's policy (without a known policy, only be given)
 * and differ from the current one; the confirmation must equal it.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TPasswordRules } from '@console/contract/password-rules';
import type { TPhrases } from '@console/phrases';
import { checkNewPassword, policyViolationText, type TPasswordTexts } from '@/lib/password-policy';

export type TChangePasswordField = 'current' | 'password' | 'confirm';
export type TChangePasswordErrors = Partial<Record<TChangePasswordField, string>>;
export type TChangePasswordValues = Record<TChangePasswordField, string>;
export type TChangePasswordTexts = TPasswordTexts & { account: TPhrases['account'] };

export function checkChangePassword(
  values: TChangePasswordValues,
  policy: TPasswordRules | null,
  texts: TChangePasswordTexts,
): TChangePasswordErrors {
  const out: TChangePasswordErrors = {};
  if (values.current === '') out.current = texts.account.changePassword.currentRequired;
  if (policy) {
    const found = checkNewPassword(values.password, values.confirm, policy, texts);
    if (found.password) out.password = found.password;
    else if (values.current !== '' && values.password === values.current)
      out.password = policyViolationText(ErrorCode.passwordSameAsOld, policy, texts.errors);
    if (found.confirm) out.confirm = found.confirm;
  } else {
    if (values.password === '') out.password = texts.validation.passwordRequired;
    if (values.confirm === '') out.confirm = texts.password.confirmRequired;
    else if (values.confirm !== values.password) out.confirm = texts.validation.passwordMismatch;
  }
  return out;
}

/**
 * New passwords under a password policy (spec section 5): the client-side check before anything
 * is sent, and the texts that name the policy's minimum length and required character types (the
 * same texts as the server's answers 5059–5064).
 */

import { checkPasswordPolicy, type TPasswordRules } from '@console/contract/password-rules';
import type { TPhrases } from '@console/phrases';
import { interpolate } from '@console/phrases';

export type TPasswordTexts = {
  errors: TPhrases['errors'];
  validation: TPhrases['validation'];
  password: TPhrases['password'];
};

/** The required character types in words, e.g. "lowercase letters, uppercase letters". */
export function policyTypesText(
  policy: Pick<TPasswordRules, 'requiredCharTypes'>,
  errors: TPhrases['errors'],
) {
  return policy.requiredCharTypes.map((type) => errors[`charType${type}`]).join(errors.charTypesJoin);
}

/** The values of the policy texts: `{{minLength}}` and `{{types}}`. */
export function policyValues(policy: TPasswordRules, errors: TPhrases['errors']) {
  return { minLength: policy.minLength, types: policyTypesText(policy, errors) };
}

/** The rule shown under a new-password field. */
export function policyRuleText(policy: TPasswordRules, texts: Pick<TPasswordTexts, 'errors' | 'password'>) {
  return interpolate(texts.password.rule, policyValues(policy, texts.errors));
}

/** The message of a policy violation (5059–5064), naming the minimum length and the types. */
export function policyViolationText(
  code: 5059 | 5060 | 5061 | 5062 | 5063 | 5064,
  policy: TPasswordRules,
  errors: TPhrases['errors'],
): string {
  return interpolate(errors[code], policyValues(policy, errors));
}

/** The codes by which the server refuses a new password under the policy. */
export function isPolicyCode(code: number | null): code is 5059 | 5060 | 5061 | 5062 | 5063 | 5064 {
  return code !== null && code >= 5059 && code <= 5064;
}

export type TNewPasswordErrors = { password?: string; confirm?: string };

/** Checks a new password and its confirmation; answers the messages of what is wrong. */
export function checkNewPassword(
  password: string,
  confirm: string,
  policy: TPasswordRules,
  texts: TPasswordTexts,
): TNewPasswordErrors {
  const out: TNewPasswordErrors = {};
  if (password === '') out.password = texts.validation.passwordRequired;
  else {
    const code = checkPasswordPolicy(password, policy);
    if (code) out.password = policyViolationText(code, policy, texts.errors);
  }
  if (confirm === '') out.confirm = texts.password.confirmRequired;
  else if (confirm !== password) out.confirm = texts.validation.passwordMismatch;
  return out;
}

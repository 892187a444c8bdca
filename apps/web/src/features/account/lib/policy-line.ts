/**
 * The password policy line of the account center (spec section 4): the minimum length followed by
 * "-32", the required character classes, and the validity ("permanent" or N days), e.g.
 * "8-32, lowercase letters, uppercase letters, permanent" / "8-32，小写字母、大写字母，永久有效".
 */
import type { TPasswordRules } from '@console/contract/password-rules';
import type { TPhrases } from '@console/phrases';
import { interpolate } from '@console/phrases';
import { policyTypesText } from '@/lib/password-policy';
import { policyLengthText, sortCharTypes } from './policy-form';

export type TPolicyLineTexts = { account: TPhrases['account']; errors: TPhrases['errors'] };

/** "permanent" or "valid N days". */
export function policyValidityText(expireDays: number, account: TPhrases['account']): string {
  return expireDays > 0
    ? interpolate(account.security.days, { days: expireDays })
    : account.security.permanent;
}

export function formatPolicyLine(policy: TPasswordRules, texts: TPolicyLineTexts): string {
  return interpolate(texts.account.security.policyLine, {
    length: policyLengthText(policy),
    types: policyTypesText({ requiredCharTypes: sortCharTypes(policy.requiredCharTypes) }, texts.errors),
    validity: policyValidityText(policy.expireDays, texts.account),
  });
}

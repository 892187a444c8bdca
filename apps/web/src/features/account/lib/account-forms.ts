/**
 * Form rules of the account center and my profile (spec section 5): the upgrade form (name ≤ 128,
 * company ≤ 255, e-mail ≤ 128 and of the {email} shape, agreement ticked), the company name
 * (1–256) and the display name (1–64). Each check answers the phrase key of the first broken rule
 * per field, with its limit; the server checks the same rules with the contract's schemas.
 */
import { Limits } from '@console/contract/limits';
import { Patterns } from '@console/contract/rules';

export type TRuleBreak = { key: string; max?: number };

export type TUpgradeForm = { username: string; company: string; email: string; agreement: boolean };

export function checkUpgradeForm(form: TUpgradeForm): Partial<Record<keyof TUpgradeForm, TRuleBreak>> {
  const errors: Partial<Record<keyof TUpgradeForm, TRuleBreak>> = {};
  const name = form.username.trim();
  if (!name) errors.username = { key: 'nameRequired' };
  else if (name.length > Limits.upgradeNameMax)
    errors.username = { key: 'tooLong', max: Limits.upgradeNameMax };
  const company = form.company.trim();
  if (!company) errors.company = { key: 'companyRequired' };
  else if (company.length > Limits.upgradeCompanyMax)
    errors.company = { key: 'tooLong', max: Limits.upgradeCompanyMax };
  const email = form.email.trim();
  if (!email) errors.email = { key: 'emailRequired' };
  else if (email.length > Limits.upgradeEmailMax)
    errors.email = { key: 'tooLong', max: Limits.upgradeEmailMax };
  else if (!Patterns.email.test(email)) errors.email = { key: 'emailFormat' };
  if (!form.agreement) errors.agreement = { key: 'agreementRequired' };
  return errors;
}

export function checkCompanyName(value: string): TRuleBreak | null {
  const v = value.trim();
  if (!v) return { key: 'required' };
  if (v.length > Limits.registerCompanyMax) return { key: 'tooLong', max: Limits.registerCompanyMax };
  return null;
}

export function checkDisplayName(value: string): TRuleBreak | null {
  const v = value.trim();
  if (!v) return { key: 'displayNameRequired' };
  if (v.length > Limits.displayNameMax) return { key: 'tooLong', max: Limits.displayNameMax };
  return null;
}

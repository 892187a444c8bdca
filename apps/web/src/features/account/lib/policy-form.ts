/**
 * The password policy form (spec sections 3, 4 and 5): character types (at least 2), minimum
 * length 8–32 (the maximum is fixed at 32), validity permanent or custom 1–365 days. Switching to
 * custom, or leaving its days empty, fills in 180; permanent is sent as 0. Restore defaults fills
 * in lower and upper case, 8 and permanent without saving.
 */
import type { TRouteBody } from '@console/contract';
import type { TPasswordCharType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import { DefaultPasswordPolicy, type TPasswordRules } from '@console/contract/password-rules';
import type { TPhrases } from '@console/phrases';

export type TPolicyBody = TRouteBody<'savePasswordPolicy'>;

export type TValidity = 'permanent' | 'custom';

export type TPolicyForm = {
  requiredCharTypes: readonly TPasswordCharType[];
  /** null while the field is empty. */
  minLength: number | null;
  validity: TValidity;
  /** The custom validity in days (null while empty); ignored when permanent. */
  expireDays: number | null;
};

export type TPolicyField = 'requiredCharTypes' | 'minLength' | 'expireDays';
/** Keys of the `validation` phrases naming what is wrong. */
export type TPolicyErrorKey = Extract<
  keyof TPhrases['validation'],
  'policyCharTypes' | 'policyMinLength' | 'policyExpireDays'
>;
export type TPolicyFormErrors = Partial<Record<TPolicyField, TPolicyErrorKey>>;

/**
 * The character types in the contract's order (`PasswordCharTypes`), complete by its type. The
 * contract's enums, limits and rules modules are part of the first-load chunk of every page, so
 * each of their exports used anywhere weighs on the login page; a unit test keeps the two equal.
 */
const charTypeRank: Record<TPasswordCharType, number> = { DIGIT: 0, LOWERCASE: 1, UPPERCASE: 2, SPECIAL: 3 };
export const charTypeOrder: readonly TPasswordCharType[] = (
  Object.keys(charTypeRank) as TPasswordCharType[]
).sort((a, b) => charTypeRank[a] - charTypeRank[b]);

/** The character types in their canonical order (digits, lower, upper, special), each once. */
export function sortCharTypes(types: readonly TPasswordCharType[]): TPasswordCharType[] {
  return charTypeOrder.filter((type) => types.includes(type));
}

/** The length part of the policy line: the minimum followed by "-32" (the contract's `policyLength`). */
export function policyLengthText(policy: Pick<TPasswordRules, 'minLength'>): string {
  return `${policy.minLength}-${Limits.passwordMax}`;
}

/** The form showing a stored policy. */
export function policyToForm(policy: TPasswordRules): TPolicyForm {
  return {
    requiredCharTypes: sortCharTypes(policy.requiredCharTypes),
    minLength: policy.minLength,
    validity: policy.expireDays > 0 ? 'custom' : 'permanent',
    expireDays: policy.expireDays > 0 ? policy.expireDays : null,
  };
}

/** Restore defaults: lower and upper case, 8, permanent (fills the form, saves nothing). */
export function defaultPolicyForm(): TPolicyForm {
  return policyToForm(DefaultPasswordPolicy);
}

/** Ticks or unticks a character type. */
export function toggleCharType(form: TPolicyForm, type: TPasswordCharType, isChecked: boolean): TPolicyForm {
  const rest = form.requiredCharTypes.filter((t) => t !== type);
  return { ...form, requiredCharTypes: sortCharTypes(isChecked ? [...rest, type] : rest) };
}

/** Switching to custom fills in the default of 180 days when no valid value is there. */
export function withValidity(form: TPolicyForm, validity: TValidity): TPolicyForm {
  if (validity === 'permanent') return { ...form, validity };
  const days = form.expireDays;
  const isValid = days !== null && Number.isInteger(days) && days >= 1 && days <= Limits.policyExpireDaysMax;
  return { ...form, validity, expireDays: isValid ? days : Limits.policyCustomExpireDefault };
}

/** Leaving the custom days empty fills in 180 again. */
export function withDaysBlurred(form: TPolicyForm): TPolicyForm {
  return form.validity === 'custom' && form.expireDays === null
    ? { ...form, expireDays: Limits.policyCustomExpireDefault }
    : form;
}

const isIntegerIn = (value: number | null, min: number, max: number): value is number =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

/** What is wrong with the form, by field (keys of the `validation` phrases); empty when it can be saved. */
export function checkPolicyForm(form: TPolicyForm): TPolicyFormErrors {
  const errors: TPolicyFormErrors = {};
  if (new Set(form.requiredCharTypes).size < Limits.policyMinCharTypes)
    errors.requiredCharTypes = 'policyCharTypes';
  if (!isIntegerIn(form.minLength, Limits.policyMinLengthMin, Limits.policyMinLengthMax))
    errors.minLength = 'policyMinLength';
  if (form.validity === 'custom' && !isIntegerIn(form.expireDays, 1, Limits.policyExpireDaysMax))
    errors.expireDays = 'policyExpireDays';
  return errors;
}

/** The request body of a valid form (permanent is 0 days), or its errors. */
export function policyFormToBody(
  form: TPolicyForm,
): { body: TPolicyBody; errors?: never } | { body?: never; errors: TPolicyFormErrors } {
  const errors = checkPolicyForm(form);
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      requiredCharTypes: sortCharTypes(form.requiredCharTypes),
      minLength: form.minLength ?? Limits.policyMinLengthMin,
      expireDays: form.validity === 'permanent' ? 0 : (form.expireDays ?? Limits.policyCustomExpireDefault),
    },
  };
}

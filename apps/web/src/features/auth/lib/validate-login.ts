/** Validation of the login form (spec section 5) with the rules of the contract. */
import {
  checkAccountName,
  checkLoginPassword,
  checkLoginUsername,
  type TValidationKey,
} from '@console/contract/rules';

export type TLoginField = 'accountDisplayName' | 'username' | 'password';
export type TLoginValues = Record<TLoginField, string>;
export type TLoginErrors = Partial<Record<TLoginField, TValidationKey>>;

export const loginFields: readonly TLoginField[] = ['accountDisplayName', 'username', 'password'];

export function validateLoginField(field: TLoginField, value: string): TValidationKey | null {
  switch (field) {
    case 'accountDisplayName':
      return checkAccountName(value);
    case 'username':
      return checkLoginUsername(value);
    case 'password':
      return checkLoginPassword(value);
  }
}

export function validateLogin(values: TLoginValues): TLoginErrors {
  const errors: TLoginErrors = {};
  for (const field of loginFields) {
    const key = validateLoginField(field, values[field]);
    if (key) errors[field] = key;
  }
  return errors;
}

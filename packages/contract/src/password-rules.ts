/**
 * Password policy rules of spec sections 3 and 5, free of any schema library; a module of its own
 * so that pages that set no password do not carry it.
 */
import { Limits } from './limits';
import { Patterns } from './patterns';

/** A password policy (spec section 3). Defaults: lower and upper case, 8, never expires. */
export type TPasswordRules = {
  requiredCharTypes: readonly ('DIGIT' | 'LOWERCASE' | 'UPPERCASE' | 'SPECIAL')[];
  minLength: number;
  expireDays: number;
};

export const DefaultPasswordPolicy: TPasswordRules = {
  requiredCharTypes: ['LOWERCASE', 'UPPERCASE'],
  minLength: 8,
  expireDays: 0,
};

const charTypeTests: Record<TPasswordRules['requiredCharTypes'][number], RegExp> = {
  DIGIT: /\d/,
  LOWERCASE: /[a-z]/,
  UPPERCASE: /[A-Z]/,
  SPECIAL: /[^A-Za-z0-9]/,
};

/**
 * Checks a new password against a policy (spec section 5): printable ASCII without spaces, every
 * required character class, length from the policy minimum to 32. Answers the response code of
 * the one rule broken (5062 characters, 5059 too short, 5060 too long, 5061 a class missing),
 * 5064 when it breaks more than one ("does not meet the password policy": its message names the
 * whole policy, the length range and the classes), or null. (5063, the current password again,
 * is the server's: only it knows the current one.)
 */
export function checkPasswordPolicy(
  password: string,
  policy: TPasswordRules,
): 5059 | 5060 | 5061 | 5062 | 5064 | null {
  const broken: (5059 | 5060 | 5061 | 5062)[] = [];
  if (!Patterns.printableAscii.test(password)) broken.push(5062);
  if (password.length < policy.minLength) broken.push(5059);
  if (password.length > Limits.passwordMax) broken.push(5060);
  if (policy.requiredCharTypes.some((type) => !charTypeTests[type].test(password))) broken.push(5061);
  if (broken.length > 1) return 5064;
  return broken[0] ?? null;
}

/** The policy line of the account center, e.g. `8-32`, the classes, and `0` for permanent. */
export function policyLength(policy: Pick<TPasswordRules, 'minLength'>): string {
  return `${policy.minLength}-${Limits.passwordMax}`;
}

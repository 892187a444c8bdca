/** The patterns of the validation rules (spec section 5), shared by the rule modules and the schemas. */
import { LightLimits } from './light-limits';

export const Patterns = {
  accountName: /^[A-Za-z]+$/,
  username: new RegExp(
    `^[A-Za-z][A-Za-z0-9_]{${LightLimits.usernameMin - 1},${LightLimits.usernameMax - 1}}$`,
  ),
  mainlandPhone: /^1[3-9]\d{9}$/,
  /** The {email} shape: something@something.tld, no spaces. */
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  code: new RegExp(`^\\d{${LightLimits.codeLength}}$`),
  /** Printable ASCII without spaces. */
  printableAscii: /^[\x21-\x7e]+$/,
} as const;

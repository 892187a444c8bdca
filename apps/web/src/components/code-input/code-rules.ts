/** Rules of the 6-digit verification code input (spec sections 4 and 5). */
import { Limits } from '@console/contract/limits';

/** Keeps the digits of what was typed or pasted, at most six ("12 34-56" → "123456"). */
export function normalizeCode(value: string): string {
  return value.replace(/\D+/g, '').slice(0, Limits.codeLength);
}

/** Confirm is enabled only with exactly six digits. */
export function isCompleteCode(value: string): boolean {
  return value.length === Limits.codeLength && /^\d+$/.test(value);
}

/** The validation key of a code field that must hold a code (spec section 5: exactly 6 characters). */
export function codeErrorKey(value: string): 'codeRequired' | 'codeLength' | null {
  if (value === '') return 'codeRequired';
  return isCompleteCode(value) ? null : 'codeLength';
}

/**
 * Phone and e-mail rules of spec section 5 (checks, masks, the stored phone form), free of any
 * schema library; a module of its own so that pages without a phone or e-mail field do not carry it.
 */
import { Patterns } from './patterns';
import type { TValidationKey } from './rules';

export function isMainlandPhone(value: string): boolean {
  return Patterns.mainlandPhone.test(value);
}

/** Masks the middle of a phone number or the local part of an e-mail address. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone.replace(/.(?=.)/g, '*');
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

/**
 * A user's phone number or e-mail address as the lists of users show them to administrators (user
 * management, Insight users): masked the same way everywhere unless `reveal` asks for the full
 * value; an absent one stays absent.
 */
export function listedContact(kind: 'phone' | 'email', value: string | null, reveal = false): string | null {
  if (value === null) return null;
  if (reveal) return value;
  return kind === 'phone' ? maskPhone(value) : maskEmail(value);
}

/** Phone number: required; the mainland format is checked only with the +86 prefix. */
export function checkPhone(value: string, phoneCode = '86'): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'phoneRequired';
  if (phoneCode.replace(/^\+/, '') === '86' ? !isMainlandPhone(v) : !/^\d{4,15}$/.test(v))
    return 'phoneFormat';
  return null;
}

/** E-mail address: trimmed, the {email} shape. */
export function checkEmail(value: string): TValidationKey | null {
  const v = value.trim();
  if (v === '') return 'emailRequired';
  if (!Patterns.email.test(v) || v.length > 254) return 'emailFormat';
  return null;
}

/** A phone number with its country code, as stored and as codes are addressed: `+86 13800000000`. */
export function fullPhone(phone: string, phoneCode = '86'): string {
  return `+${phoneCode.replace(/^\+/, '')} ${phone.trim()}`;
}

/**
 * The phone number or e-mail address a recovery is proven with: its checks, where its code goes
 * and how the verified code is presented afterwards.
 */
import type { TAuthMethod, TEdition } from '@console/contract';
import { checkEmail } from '@console/contract/contact-rules';
import type { TValidationKey } from '@console/contract/rules';
import { authCodeTokenHeaders, checkAuthCode, type TCheckResult } from '@/api/check-auth-code';
import { checkPhoneAuthCode } from '@/api/check-phone-auth-code';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { sendAuthCode } from '@/api/send-auth-code';
import { sendPhoneAuthCode } from '@/api/send-phone-auth-code';
import { DefaultPhoneCode, type TPhoneValue, validatePhone } from '@/components/phone-input/phone-rules';

export type TContactType = 'phone' | 'email';

export type TContact = { type: TContactType; phone: TPhoneValue; email: string };

/** E-mail first in the international edition, the phone otherwise (spec section 2). */
export function defaultContactType(edition: TEdition): TContactType {
  return edition === 'international' ? 'email' : 'phone';
}

export function emptyContact(type: TContactType): TContact {
  return { type, phone: { phoneCode: DefaultPhoneCode, phone: '' }, email: '' };
}

export function validateContact(contact: TContact): TValidationKey | null {
  return contact.type === 'phone' ? validatePhone(contact.phone) : checkEmail(contact.email);
}

function phoneOf(contact: TContact) {
  return { phone: contact.phone.phone.trim(), phoneCode: contact.phone.phoneCode || DefaultPhoneCode };
}

/** The target as people read it: `+86 13800000000` or the e-mail address. */
export function contactText(contact: TContact): string {
  if (contact.type === 'email') return contact.email.trim();
  const { phone, phoneCode } = phoneOf(contact);
  return `+${phoneCode} ${phone}`;
}

/** A key that changes with the target (a new target starts its send button afresh). */
export function contactKey(contact: TContact): string {
  return `${contact.type}:${contactText(contact).toLowerCase()}`;
}

/** Sends a code for `purpose`: by SMS to the phone, or to the e-mail address. */
export function sendContactCode(purpose: TAuthMethod, contact: TContact, captcha: TCaptchaAnswer | null) {
  return contact.type === 'phone'
    ? sendPhoneAuthCode({ authMethod: purpose, ...phoneOf(contact), captcha })
    : sendAuthCode({ authMethod: purpose, authCodeType: 'EMAIL', email: contact.email.trim(), captcha });
}

/** Checks the code (with the captcha when the server asked for it); answers the single-use proof. */
export function checkContactCode(
  purpose: TAuthMethod,
  contact: TContact,
  code: string,
  captcha: TCaptchaAnswer | null = null,
): Promise<TCheckResult> {
  return contact.type === 'phone'
    ? checkPhoneAuthCode({ authMethod: purpose, ...phoneOf(contact), code, captcha })
    : checkAuthCode({
        authMethod: purpose,
        authCodeType: 'EMAIL',
        email: contact.email.trim(),
        code,
        captcha,
      });
}

/** The lookup's body fields: `registerData`, `registerType` and, for a phone, `phoneCode`. */
export function registerFields(contact: TContact) {
  if (contact.type === 'email') return { registerData: contact.email.trim(), registerType: 'email' as const };
  const { phone, phoneCode } = phoneOf(contact);
  return { registerData: phone, registerType: 'phone' as const, phoneCode };
}

/** The headers with which a lookup presents the verified code. */
export function proofHeaders(proof: TCheckResult, purpose: TAuthMethod) {
  return { ...authCodeTokenHeaders(proof), authmethod: purpose };
}

import { describe, expect, it } from 'vitest';
import {
  contactKey,
  contactText,
  defaultContactType,
  emptyContact,
  registerFields,
  validateContact,
} from './contact';

describe('recovery contact', () => {
  it('starts with the e-mail address in the international edition and the phone otherwise', () => {
    expect(defaultContactType('international')).toBe('email');
    expect(defaultContactType('domestic')).toBe('phone');
  });

  it('checks the phone number or the e-mail address', () => {
    expect(validateContact(emptyContact('phone'))).toBe('phoneRequired');
    expect(validateContact(emptyContact('email'))).toBe('emailRequired');
    expect(validateContact({ ...emptyContact('email'), email: 'no-at-sign' })).toBe('emailFormat');
    expect(
      validateContact({ ...emptyContact('phone'), phone: { phoneCode: '86', phone: '13912345678' } }),
    ).toBe(null);
  });

  it('writes the target as people read it and as the lookup sends it', () => {
    const phone = { ...emptyContact('phone'), phone: { phoneCode: '86', phone: ' 13912345678 ' } };
    expect(contactText(phone)).toBe('+86 13912345678');
    expect(registerFields(phone)).toEqual({
      registerData: '13912345678',
      registerType: 'phone',
      phoneCode: '86',
    });
    const email = { ...emptyContact('email'), email: ' Someone@Example.com ' };
    expect(contactText(email)).toBe('Someone@Example.com');
    expect(registerFields(email)).toEqual({ registerData: 'Someone@Example.com', registerType: 'email' });
  });

  it('keys a target regardless of case, so a new target starts its send button afresh', () => {
    const a = { ...emptyContact('email'), email: 'a@example.com' };
    expect(contactKey(a)).toBe(contactKey({ ...a, email: 'A@EXAMPLE.com' }));
    expect(contactKey(a)).not.toBe(contactKey({ ...a, email: 'b@example.com' }));
  });
});

import { describe, expect, it } from 'vitest';
import { defaultChannel } from './verification-dialog';

const both = ['SMS', 'EMAIL'] as const;

describe('the verification dialog (spec section 4)', () => {
  it('defaults to the phone', () => {
    expect(defaultChannel(both, { phone: '13800000000', email: 'a@b.example' }, false)).toBe('SMS');
    expect(defaultChannel(both, { phone: '13800000000', email: null }, false)).toBe('SMS');
  });

  it('switches to e-mail in the international edition when the user has one', () => {
    expect(defaultChannel(both, { phone: '13800000000', email: 'a@b.example' }, true)).toBe('EMAIL');
    expect(defaultChannel(both, { phone: '13800000000', email: null }, true)).toBe('SMS');
  });

  it('uses the e-mail when no phone is bound, and the one channel a caller allows', () => {
    expect(defaultChannel(both, { phone: null, email: 'a@b.example' }, false)).toBe('EMAIL');
    expect(defaultChannel(['EMAIL'], { phone: '13800000000', email: null }, false)).toBe('EMAIL');
    expect(defaultChannel(['SMS'], { phone: '13800000000', email: 'a@b.example' }, true)).toBe('SMS');
  });
});

import { describe, expect, it } from 'vitest';
import { checkUserForm, contactChanges, editPayload, requiredContacts, savedMessageKey } from './user-form';

describe('the contact rules of the edit dialog (spec section 5)', () => {
  it('requires the phone in the domestic edition and the e-mail in the international one, once editing', () => {
    expect(requiredContacts(false, true)).toEqual({ phone: true, email: false });
    expect(requiredContacts(true, true)).toEqual({ phone: false, email: true });
    expect(requiredContacts(false, false)).toEqual({ phone: false, email: false });
    const empty = { username: 'member_one', phone: '', email: '' };
    expect(checkUserForm(empty, { isNew: false, required: requiredContacts(false, true) })).toEqual({
      phone: 'phoneRequired',
    });
    expect(checkUserForm(empty, { isNew: false, required: requiredContacts(true, true) })).toEqual({
      email: 'emailRequired',
    });
    expect(checkUserForm(empty, { isNew: false })).toEqual({});
  });

  it('checks the mainland format only with +86: other country codes pass', () => {
    expect(checkUserForm({ username: 'x', phone: '2025550123', phoneCode: '1' }, { isNew: false })).toEqual(
      {},
    );
    expect(checkUserForm({ username: 'x', phone: '2025550123', phoneCode: '86' }, { isNew: false })).toEqual({
      phone: 'phoneFormat',
    });
    expect(checkUserForm({ username: 'x', phone: '2025550123' }, { isNew: false })).toEqual({
      phone: 'phoneFormat',
    });
    expect(editPayload(3, { username: 'x', phone: '2025550123', phoneCode: '1' })).toMatchObject({
      phone: '2025550123',
      phoneCode: '1',
    });
  });

  it('sends only what changed, and names it in the success message', () => {
    const initial = { phone: '13900000001', phoneCode: '86', email: 'member@demo.example' };
    const same = { username: 'x', phone: '13900000001', phoneCode: '86', email: 'Member@Demo.example' };
    expect(contactChanges(initial, same)).toEqual({});
    expect(contactChanges(initial, { ...same, phone: '13900000002' })).toEqual({
      phone: '13900000002',
      phoneCode: '86',
    });
    expect(contactChanges(initial, { ...same, phoneCode: '852' })).toEqual({
      phone: '13900000001',
      phoneCode: '852',
    });
    expect(contactChanges(initial, { ...same, email: 'new@demo.example' })).toEqual({
      email: 'new@demo.example',
    });
    // An emptied field is no change (empty values are removed from the payload, spec section 3).
    expect(contactChanges(initial, { ...same, phone: '', email: '' })).toEqual({});
    expect(savedMessageKey({})).toBe('done.saved');
    expect(savedMessageKey({ phone: '1' })).toBe('done.pendingPhone');
    expect(savedMessageKey({ email: 'a' })).toBe('done.pendingEmail');
    expect(savedMessageKey({ phone: '1', email: 'a' })).toBe('done.pendingBoth');
  });
});

import { describe, expect, it } from 'vitest';
import { addPayload, checkUserForm, countdownOf, editPayload, titleFields } from './user-form';

describe('user form rules', () => {
  it('checks username format, required password, phone and e-mail format, custom title, remark length', () => {
    expect(
      checkUserForm(
        { username: '1bad', title: 'Customization', remark: 'x'.repeat(257), phone: '123', email: 'a@' },
        { isNew: true },
      ),
    ).toEqual({
      username: 'usernameFormat',
      password: 'passwordRequired',
      phone: 'phoneFormat',
      email: 'emailFormat',
      customTitle: 'customTitleRequired',
      remark: 'remarkTooLong',
    });
    expect(
      checkUserForm({ username: 'good_name', password: 'x', remark: 'x'.repeat(256) }, { isNew: true }),
    ).toEqual({});
    // Editing: the username is read-only and no password is asked.
    expect(checkUserForm({ username: '' }, { isNew: false })).toEqual({});
  });

  it('builds the edit payload: empty phone and e-mail removed, title from the custom text', () => {
    expect(
      editPayload(7, {
        username: 'u_one',
        phone: ' ',
        email: '',
        title: 'Customization',
        customTitle: ' Data steward ',
        remark: 'r',
        isAdmin: true,
      }),
    ).toEqual({ id: 7, name: 'u_one', title: 'Data steward', comment: 'r', isAdmin: true });
    expect(editPayload(7, { username: 'u_one', phone: '13800000000', title: 'Test Engineer' })).toEqual({
      id: 7,
      name: 'u_one',
      phone: '13800000000',
      title: 'Test Engineer',
      comment: '',
    });
  });

  it('builds the add payload and splits stored titles', () => {
    expect(
      addPayload({ username: ' new_user ', password: 'P@ss', remark: '', isAdmin: false }),
    ).toMatchObject({
      username: 'new_user',
      password: 'P@ss',
      isAdmin: false,
    });
    expect(titleFields('Product Manager')).toEqual({ title: 'Product Manager' });
    expect(titleFields('Data steward')).toEqual({ title: 'Customization', customTitle: 'Data steward' });
    expect(titleFields(null)).toEqual({});
  });

  it('counts down days and hours', () => {
    expect(countdownOf('2026-01-08T12:00:00Z', Date.parse('2026-01-01T00:00:00Z'))).toEqual({
      days: 7,
      hours: 12,
    });
    expect(countdownOf('2025-01-01T00:00:00Z', Date.parse('2026-01-01T00:00:00Z'))).toEqual({
      days: 0,
      hours: 0,
    });
  });
});

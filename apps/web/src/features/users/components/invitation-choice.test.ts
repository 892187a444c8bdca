import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMeta } from '@/lib/meta';
import { testMeta } from '@/testing/meta';
import { invitationChannels, inviteChannelOf, isInviting, withInvitation } from './invitation-choice';

const payload = { username: 'new_user', password: 'Typed@2026', email: 'new@demo.example', isAdmin: false };

beforeEach(() => setMeta(testMeta()));
afterEach(() => setMeta(null));

describe('the add dialog sends an invitation instead of a password', () => {
  it('only when chosen and an e-mail or phone is there', () => {
    expect(isInviting({ username: 'u', access: 'invite', email: 'a@b.example' })).toBe(true);
    expect(isInviting({ username: 'u', access: 'invite', phone: ' ' })).toBe(false);
    expect(isInviting({ username: 'u', access: 'password', email: 'a@b.example' })).toBe(false);
  });

  it('goes to the address there is, else to the chosen one, else the edition decides', () => {
    expect(inviteChannelOf({ username: 'u', email: 'a@b.example' }, false)).toBe('EMAIL');
    expect(inviteChannelOf({ username: 'u', phone: '13900000001' }, true)).toBe('SMS');
    const both = { username: 'u', email: 'a@b.example', phone: '13900000001' };
    expect(inviteChannelOf(both, false)).toBe('SMS');
    expect(inviteChannelOf(both, true)).toBe('EMAIL');
    expect(inviteChannelOf({ ...both, inviteChannel: 'EMAIL' }, false)).toBe('EMAIL');
  });

  it('goes by no channel this installation cannot send by', () => {
    const noMail = { EMAIL: false, SMS: true };
    const both = { username: 'u', email: 'a@b.example', phone: '13900000001' };
    expect(isInviting({ username: 'u', access: 'invite', email: 'a@b.example' }, noMail)).toBe(false);
    expect(isInviting({ ...both, access: 'invite' }, noMail)).toBe(true);
    // The international edition's e-mail, or a choice of it made before, gives way to the text message.
    expect(inviteChannelOf(both, true, noMail)).toBe('SMS');
    expect(inviteChannelOf({ ...both, inviteChannel: 'EMAIL' }, true, noMail)).toBe('SMS');
    const values = { username: 'new_user', access: 'invite' as const, email: 'new@demo.example' };
    expect(withInvitation(payload, values, true, noMail)).toEqual(payload);
  });

  it('reads the channels from the console meta: a development stand-in sends, an unconfigured system does not', () => {
    const adapters = testMeta().adapters;
    expect(invitationChannels(testMeta())).toEqual({ EMAIL: true, SMS: true });
    expect(invitationChannels(testMeta({ adapters: { ...adapters, email: 'unconfigured' } }))).toEqual({
      EMAIL: false,
      SMS: true,
    });
  });

  it('drops the password from the payload and asks for the invitation', () => {
    const values = { username: 'new_user', access: 'invite' as const, email: 'new@demo.example' };
    expect(withInvitation(payload, values, true)).toEqual({
      username: 'new_user',
      email: 'new@demo.example',
      isAdmin: false,
      invite: true,
      inviteChannel: 'EMAIL',
    });
    expect(withInvitation(payload, { ...values, access: 'password' }, true)).toEqual(payload);
  });
});

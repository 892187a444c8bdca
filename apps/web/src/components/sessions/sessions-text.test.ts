import en from '@console/phrases/en-us/account';
import zh from '@console/phrases/zh-cn/account';
import { describe, expect, it } from 'vitest';
import { deviceText, methodText } from './sessions-dialog';

const session = {
  id: 1,
  isCurrent: false,
  createdAt: '2026-11-28T03:00:00Z',
  lastSeenAt: '2026-11-28T03:00:00Z',
  ip: '10.0.3.7',
  browser: 'Chrome 131',
  os: 'Mac OS 10.15.7',
  deviceType: 'desktop' as const,
  method: 'password',
};

describe('how a session is described', () => {
  it('names every sign-in method the server records, in both languages', () => {
    expect(methodText('password_ga', en.sessions)).toBe('Password + authenticator app');
    expect(methodText('password_phone', zh.sessions)).toBe('密码 + 短信验证码');
    expect(methodText('sso_saml', en.sessions)).toBe('Single sign-on (SAML)');
    expect(methodText('third_party:wecom', zh.sessions)).toBe('第三方登录 (wecom)');
    // Sessions of older versions recorded none; a method of a newer server shows as it is.
    expect(methodText(null, en.sessions)).toBe('-');
    expect(methodText('webauthn_next', en.sessions)).toBe('webauthn_next');
    // Passkeys (issue 22): as the second step, and alone.
    expect(methodText('password_passkey', en.sessions)).toBe('Password + passkey');
    expect(methodText('passkey', zh.sessions)).toBe('通行密钥');
  });

  it('names browser and system, else says the device is unknown', () => {
    expect(deviceText(session, en.sessions)).toBe('Chrome 131 · Mac OS 10.15.7');
    expect(deviceText({ ...session, os: null }, en.sessions)).toBe('Chrome 131');
    expect(deviceText({ ...session, browser: null, os: null }, zh.sessions)).toBe('未知设备');
  });
});

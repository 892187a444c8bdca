import enCommon from '@console/phrases/en-us/common';
import enErrors from '@console/phrases/en-us/errors';
import enMfa from '@console/phrases/en-us/mfa';
import zhCommon from '@console/phrases/zh-cn/common';
import zhErrors from '@console/phrases/zh-cn/errors';
import zhMfa from '@console/phrases/zh-cn/mfa';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { codeErrorText, errorCodeOf, type TCodeErrorTexts } from './code-errors';
import { EncryptError } from './encrypt-code';

const en: TCodeErrorTexts = { errors: enErrors, mfa: enMfa, common: enCommon };
const zh: TCodeErrorTexts = { errors: zhErrors, mfa: zhMfa, common: zhCommon };

function business(code: number, data: unknown = null, message = 'server text') {
  return new ApiError({ kind: 'business', code, status: 200, path: '/api/login', message, data });
}

describe('codeErrorText', () => {
  it.each([
    [4092, 'Decryption failed', '解密失败'],
    [4093, 'The verification code has already been used', '验证码已使用'],
    [4094, 'Verification failed', '验证失败'],
    [4095, 'The verification code does not match', '验证码不匹配'],
    [4096, 'Exceeded the verification limit', '超过验证次数限制'],
    [4097, 'Failed to send the verification code', '验证码发送失败'],
    [4098, 'Exceeded the call limit', '超过调用次数限制'],
    [4024, 'Enter the characters of the picture first.', '请先输入图片中的字符。'],
    [
      4025,
      'The characters of the picture do not match. Try a new picture.',
      '图片字符不正确，请换一张再试。',
    ],
  ])('%i reads the phrase in both languages', (code, english, chinese) => {
    expect(codeErrorText(business(code), en)).toBe(english);
    expect(codeErrorText(business(code), zh)).toBe(chinese);
  });

  it('takes the server’s message where the phrase has names or counts to fill in', () => {
    const filled = 'Users who could not complete the second step at sign-in: new_hire (1 in all).';
    expect(codeErrorText(business(4165, null, filled), en)).toBe(filled);
    // Without a message, the phrase itself (placeholders and all) is better than nothing.
    expect(codeErrorText(business(4165, null, ''), en)).toBe(enErrors['4165']);
    // A phrase without placeholders is the client's own, whatever the server said.
    expect(codeErrorText(business(4168, null, 'server text'), zh)).toBe(zhErrors['4168']);
  });

  it('4091 is the client-side encryption failure', () => {
    const error = new EncryptError('no Web Crypto');
    expect(errorCodeOf(error)).toBe(4091);
    expect(codeErrorText(error, en)).toBe('Encryption failed');
    expect(codeErrorText(error, zh)).toBe('加密失败');
  });

  it('adds the remaining attempts to 4095 and the wait to 4098', () => {
    expect(codeErrorText(business(4095, { remainingAttempts: 3 }), en)).toBe(
      'The verification code does not match. 3 attempts left.',
    );
    expect(codeErrorText(business(4095, { remainingAttempts: 3 }), zh)).toBe('验证码不匹配，还可尝试 3 次。');
    expect(codeErrorText(business(4098, { retryAfterSeconds: 42 }), en)).toBe(
      'Exceeded the call limit: wait 42 s before requesting another code.',
    );
    expect(codeErrorText(business(4098, { retryAfterSeconds: 42 }), zh)).toContain('42 秒');
  });

  it('names the wait of a blocked address (429), and keeps the generic 429 without one', () => {
    const blocked = new ApiError({
      kind: 'http',
      code: 429,
      status: 429,
      path: '/api/portal/common/checkAuthCode',
      message: 'server text',
      data: { retryAfterSeconds: 120 },
    });
    expect(codeErrorText(blocked, en)).toBe(
      'Too many failed attempts from your network address. For your security, try again in 120 s.',
    );
    expect(codeErrorText(blocked, zh)).toBe(
      '您所在网络地址的失败尝试次数过多，为保障安全，请 120 秒后再试。',
    );
    const busy = new ApiError({ kind: 'http', code: 429, status: 429, path: '/api/login', message: 'x' });
    expect(codeErrorText(busy, en)).toBe('Too many requests. Please try again later.');
  });

  it('falls back to the server message, then to the generic texts', () => {
    expect(codeErrorText(business(4999, null, 'Something specific'), en)).toBe('Something specific');
    expect(codeErrorText(business(4999, null, ''), en)).toBe('Request failed');
    const network = new ApiError({ kind: 'network', code: 0, status: 0, path: '/x', message: 'x' });
    expect(codeErrorText(network, zh)).toBe(zhCommon.networkError);
    expect(errorCodeOf(network)).toBeNull();
    expect(codeErrorText(new Error('boom'), en)).toBe('Request failed');
  });
});

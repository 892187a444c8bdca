import enAccount from '@console/phrases/en-us/account';
import enErrors from '@console/phrases/en-us/errors';
import zhAccount from '@console/phrases/zh-cn/account';
import zhErrors from '@console/phrases/zh-cn/errors';
import { describe, expect, it } from 'vitest';
import { formatPolicyLine } from './policy-line';

const en = { account: enAccount, errors: enErrors };
const zh = { account: zhAccount, errors: zhErrors };

describe('the password policy line (spec section 4)', () => {
  it('names the minimum length followed by -32, the classes and "permanent" (en-US)', () => {
    expect(
      formatPolicyLine({ requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 }, en),
    ).toBe('8-32, lowercase letters, uppercase letters, permanent');
  });

  it('names the validity in days and lists the classes in a fixed order (en-US)', () => {
    expect(
      formatPolicyLine(
        { requiredCharTypes: ['SPECIAL', 'DIGIT', 'UPPERCASE'], minLength: 12, expireDays: 90 },
        en,
      ),
    ).toBe('12-32, digits, uppercase letters, special characters, valid 90 days');
  });

  it('reads naturally in Chinese', () => {
    expect(
      formatPolicyLine({ requiredCharTypes: ['LOWERCASE', 'UPPERCASE'], minLength: 8, expireDays: 0 }, zh),
    ).toBe('8-32，小写字母、大写字母，永久有效');
    expect(
      formatPolicyLine(
        { requiredCharTypes: ['UPPERCASE', 'DIGIT', 'SPECIAL'], minLength: 32, expireDays: 365 },
        zh,
      ),
    ).toBe('32-32，数字、大写字母、特殊字符，有效期 365 天');
  });
});

import { describe, expect, it } from 'vitest';
import { mobileTargetOf } from './mobile-login-success';

const decision = {
  serviceKind: 2,
  status: 1 as const,
  url: 'https://ab12cd34.cn-hz.aliyun.lakehouse.example.com',
};
const studio = { serviceKind: 1, status: 1 as const, url: 'https://studio.lakehouse.example.com' };

describe('mobileTargetOf', () => {
  it('goes to the opened data assistant with the token when its host is allowed', () => {
    expect(mobileTargetOf([studio, decision], 'tok en', ['*.lakehouse.example.com'])).toBe(
      `${decision.url}?token=tok%20en`,
    );
    expect(
      mobileTargetOf([{ ...decision, url: `${decision.url}/app?x=1#top` }], 't', ['*.example.com']),
    ).toBe(`${decision.url}/app?x=1&token=t#top`);
  });

  it('goes there without the token when its host is not allowed or there is no token', () => {
    expect(mobileTargetOf([decision], 'tok', [])).toBe(decision.url);
    expect(mobileTargetOf([decision], 'tok', ['lakehouse.example.com'])).toBe(decision.url);
    expect(mobileTargetOf([decision], null, ['*.lakehouse.example.com'])).toBe(decision.url);
  });

  it('answers null (the console) without an opened data assistant', () => {
    expect(mobileTargetOf([], 'tok', ['*.lakehouse.example.com'])).toBeNull();
    expect(mobileTargetOf([studio], 'tok', ['*.lakehouse.example.com'])).toBeNull();
    expect(mobileTargetOf([{ ...decision, status: 0, url: null }], 'tok', [])).toBeNull();
    expect(mobileTargetOf([{ ...decision, status: 2 }], 'tok', [])).toBeNull();
    expect(mobileTargetOf([{ ...decision, status: 3 }], 'tok', [])).toBeNull();
    expect(mobileTargetOf([{ ...decision, url: 'javascript:alert(1)' }], 'tok', [])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('k'.repeat(40));

  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses altered texts and texts sealed under another key', () => {
    const sealed = box.seal('secret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecretBox('other-key-other-key-other-key').open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow();
  });

  it('digests deterministically per key, without ambiguity between parts', () => {
    expect(box.digest('code', 'a', 'bc').equals(box.digest('code', 'a', 'bc'))).toBe(true);
    expect(box.digest('code', 'ab', 'c').equals(box.digest('code', 'a', 'bc'))).toBe(false);
    expect(createSecretBox('x'.repeat(40)).digest('code', 'a').equals(box.digest('code', 'a'))).toBe(false);
  });
});

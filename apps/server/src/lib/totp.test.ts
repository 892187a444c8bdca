import { createHmac } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createTotpSecret, matchTotp, otpauthUri, totpCode, totpStep } from './totp';

/** RFC 4226/6238 written out independently of the library: HMAC-SHA1, dynamic truncation. */
function referenceTotp(key: Buffer, unixSeconds: number, digits: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

function base32ToBuffer(base32: string): Buffer {
  return Buffer.from(Secret.fromBase32(base32).bytes);
}

describe('TOTP (RFC 6238)', () => {
  // Appendix B of RFC 6238, SHA-1 rows: seed "12345678901234567890", 8 digits.
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  const rfcSecret = Secret.fromUTF8('12345678901234567890');

  it.each(vectors)('the library gives the RFC value at T=%i', (time, expected) => {
    const totp = new TOTP({ secret: rfcSecret, algorithm: 'SHA1', digits: 8, period: 30 });
    expect(totp.generate({ timestamp: time * 1000 })).toBe(expected);
    expect(referenceTotp(Buffer.from('12345678901234567890'), time, 8)).toBe(expected);
  });

  it.each(vectors)('our 6-digit codes are the RFC values truncated (T=%i)', (time, expected) => {
    expect(totpCode(rfcSecret.base32, new Date(time * 1000))).toBe(expected.slice(2));
  });

  it('agrees with an independent implementation for random secrets and times', () => {
    for (let i = 0; i < 200; i += 1) {
      const secret = createTotpSecret();
      const at = new Date(Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 2e11));
      expect(totpCode(secret, at)).toBe(referenceTotp(base32ToBuffer(secret), at.getTime() / 1000, 6));
    }
  });

  it('makes 160-bit base32 secrets and otpauth URIs that carry them', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(secret, 'Data Platform Console', 'admin_demo@demo'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('issuer')).toBe('Data Platform Console');
  });

  it('accepts one step either side of now, once each', () => {
    const secret = createTotpSecret();
    const now = new Date('2026-11-22T10:00:15Z');
    const step = totpStep(now);
    const at = (offset: number) => new Date(now.getTime() + offset * 30_000);
    expect(matchTotp(secret, totpCode(secret, at(0)), now, null)).toEqual({ kind: 'match', step });
    expect(matchTotp(secret, totpCode(secret, at(-1)), now, null)).toEqual({ kind: 'match', step: step - 1 });
    expect(matchTotp(secret, totpCode(secret, at(1)), now, null)).toEqual({ kind: 'match', step: step + 1 });
    expect(matchTotp(secret, totpCode(secret, at(-2)), now, null).kind).toBe('mismatch');
    expect(matchTotp(secret, totpCode(secret, at(2)), now, null).kind).toBe('mismatch');
    // Used once: the same step, or an earlier one, is refused afterwards.
    expect(matchTotp(secret, totpCode(secret, at(0)), now, step)).toEqual({ kind: 'reused' });
    expect(matchTotp(secret, totpCode(secret, at(-1)), now, step)).toEqual({ kind: 'reused' });
    expect(matchTotp(secret, totpCode(secret, at(1)), now, step)).toEqual({ kind: 'match', step: step + 1 });
    expect(matchTotp(secret, 'abcdef', now, null).kind).toBe('mismatch');
    expect(matchTotp(createTotpSecret(), totpCode(secret, now), now, null).kind).toBe('mismatch');
  });
});

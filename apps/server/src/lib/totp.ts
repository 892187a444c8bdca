/**
 * Authenticator codes (RFC 6238 TOTP: HMAC-SHA1, 6 digits, 30-second steps) through the otpauth
 * library. A code is accepted one step either side of now, and only for a step later than the
 * last one accepted, so that each code is usable once.
 */
import { Limits } from '@console/contract/limits';
import { Secret, TOTP } from 'otpauth';

export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: Limits.codeLength,
    period: Limits.totpStepSeconds,
  });
}

export function otpauthUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / Limits.totpStepSeconds);
}

export type TTotpMatch = { kind: 'match'; step: number } | { kind: 'reused' } | { kind: 'mismatch' };

export function matchTotp(secret: string, code: string, now: Date, lastStep: number | null): TTotpMatch {
  if (!/^\d{6}$/.test(code)) return { kind: 'mismatch' };
  // validate() answers the step offset (0 for the current step), or null.
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: Limits.totpWindow });
  if (delta === null) return { kind: 'mismatch' };
  const step = totpStep(now) + delta;
  if (lastStep !== null && step <= lastStep) return { kind: 'reused' };
  return { kind: 'match', step };
}

/** The code of a step, for tests and tools. */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

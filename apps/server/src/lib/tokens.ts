import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, base64url. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

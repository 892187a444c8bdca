/**
 * Secrets at rest and keyed digests, from the configured SECRET_KEY: AES-256-GCM sealing (TOTP
 * secrets, RSA private keys) and HMAC-SHA256 digests (verification codes, captcha answers), each
 * with its own key derived by HKDF.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export type TSecretBox = {
  seal(plaintext: string): string;
  /** Throws when the sealed text was altered or sealed with another key. */
  open(sealed: string): string;
  /** HMAC-SHA256 of the parts (joined unambiguously) under a key kept for digests. */
  digest(...parts: string[]): Buffer;
};

const version = 'v1';

function deriveKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'account-console', info, 32));
}

export function createSecretBox(secretKey: string): TSecretBox {
  const sealKey = deriveKey(secretKey, 'seal');
  const digestKey = deriveKey(secretKey, 'digest');
  return {
    seal: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    open: (sealed) => {
      const [tag, body] = sealed.split(':');
      if (tag !== version || !body) throw new Error('unknown sealed format');
      const raw = Buffer.from(body, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    digest: (...parts) => {
      const hmac = createHmac('sha256', digestKey);
      for (const part of parts) hmac.update(`${part.length}:${part};`);
      return hmac.digest();
    },
  };
}

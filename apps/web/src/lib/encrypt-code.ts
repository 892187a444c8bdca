/**
 * Encrypts a verification code for the server (spec section 4 "Two-factor dialog": the code is
 * encrypted with the provided public key): RSA-OAEP with SHA-256 through Web Crypto, the key a
 * base64 SPKI DER, the answer base64. When Web Crypto is missing (an insecure context) or fails,
 * nothing is sent: the caller shows code 4091.
 */
import { ErrorCode } from '@console/contract/codes';

/** A code that could not be encrypted on this device (code 4091). */
export class EncryptError extends Error {
  readonly code = ErrorCode.mfaEncryptFailed;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EncryptError';
  }
}

export function isEncryptError(error: unknown): error is EncryptError {
  return error instanceof Error && error.name === 'EncryptError';
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The browser's Web Crypto, or undefined (insecure contexts and old browsers have none). */
function defaultSubtle(): SubtleCrypto | null {
  return globalThis.crypto?.subtle ?? null;
}

/**
 * Encrypts `code` (UTF-8) with `publicKey` (base64 SPKI DER of an RSA key) and answers base64.
 * Rejects with EncryptError (4091) when it cannot (`subtle` null: no Web Crypto).
 */
export async function encryptCode(
  code: string,
  publicKey: string,
  subtle: SubtleCrypto | null = defaultSubtle(),
): Promise<string> {
  if (!subtle) throw new EncryptError('Web Crypto is not available');
  try {
    const key = await subtle.importKey(
      'spki',
      fromBase64(publicKey),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
    const sealed = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(code));
    return toBase64(sealed);
  } catch (cause) {
    throw new EncryptError('The code could not be encrypted', { cause });
  }
}

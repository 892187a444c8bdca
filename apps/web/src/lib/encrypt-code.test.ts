import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EncryptError, encryptCode, isEncryptError } from './encrypt-code';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

async function keyPair() {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = Buffer.from(await subtle.exportKey('spki', pair.publicKey)).toString('base64');
  return { spki, privateKey: pair.privateKey };
}

describe('encryptCode (RSA-OAEP, SHA-256)', () => {
  it('answers base64 that the private key decrypts to the code', async () => {
    const { spki, privateKey } = await keyPair();
    const sealed = await encryptCode('042917', spki, subtle);
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    // 2048-bit key: 256 bytes of ciphertext.
    expect(Buffer.from(sealed, 'base64')).toHaveLength(256);
    const plain = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, Buffer.from(sealed, 'base64'));
    expect(new TextDecoder().decode(plain)).toBe('042917');
    // OAEP is randomised: the same code encrypts differently each time.
    expect(await encryptCode('042917', spki, subtle)).not.toBe(sealed);
  });

  it('reports 4091 when Web Crypto is unavailable', async () => {
    const { spki } = await keyPair();
    const failure = await encryptCode('042917', spki, null).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EncryptError);
    expect(isEncryptError(failure)).toBe(true);
    expect((failure as EncryptError).code).toBe(4091);
  });

  it('reports 4091 when the key is not a usable public key', async () => {
    const failure = await encryptCode('042917', 'bm90IGEga2V5', subtle).catch((e: unknown) => e);
    expect((failure as EncryptError).code).toBe(4091);
  });
});

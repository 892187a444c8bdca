/**
 * RSA-OAEP (SHA-256) key pairs under which clients encrypt the codes they send (spec: "the code is
 * encrypted with the provided public key"). Keys live in the database (private keys sealed), so
 * every replica decrypts what any replica handed out; a new key is made daily, and a key keeps
 * decrypting for its challenges after it rotates.
 */
import { constants, createPrivateKey, generateKeyPair, type KeyObject, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { ErrorCode } from '@console/contract/codes';
import type { TPublicKey, TRsaKeyStore } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import type { TClock } from '../../lib/clock';
import type { TSecretBox } from '../../lib/secret-box';
import { findActiveKey, findPrivateKey, findPublicKey, insertKey, lockKeyMaking } from './rsa-key.repository';

const rotateMs = 24 * 3_600_000;
const generate = promisify(generateKeyPair);

export function createRsaKeyStore(db: TDb, clock: TClock, secrets: TSecretBox): TRsaKeyStore {
  let current: TPublicKey | null = null;
  const privateKeys = new Map<number, KeyObject>();

  async function active(): Promise<TPublicKey> {
    const now = clock.now();
    if (current && current.rotatesAt > now) return current;
    let key = await findActiveKey(db, now);
    if (!key) {
      const pair = await generate('rsa', { modulusLength: 2048 });
      const publicKey = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      const privateKey = secrets.seal(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
      key = await db.transaction(async (tx) => {
        await lockKeyMaking(tx);
        const existing = await findActiveKey(tx, now);
        if (existing) return existing;
        return insertKey(tx, {
          publicKey,
          privateKey,
          createdAt: now,
          rotatesAt: new Date(now.getTime() + rotateMs),
        });
      });
    }
    current = key;
    return key;
  }

  async function privateKeyOf(keyId: number): Promise<KeyObject> {
    const cached = privateKeys.get(keyId);
    if (cached) return cached;
    const sealed = await findPrivateKey(db, keyId);
    if (!sealed) throw new AppError(ErrorCode.mfaDecryptFailed);
    const key = createPrivateKey(secrets.open(sealed));
    privateKeys.set(keyId, key);
    return key;
  }

  return {
    active,
    publicKey: async (keyId) => {
      if (current?.id === keyId) return current.publicKey;
      const publicKey = await findPublicKey(db, keyId);
      if (!publicKey) throw new AppError(ErrorCode.challengeExpired);
      return publicKey;
    },
    decrypt: async (keyId, ciphertext) => {
      const key = await privateKeyOf(keyId);
      try {
        const data = Buffer.from(ciphertext, 'base64');
        if (data.length === 0) throw new Error('empty ciphertext');
        const plain = privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          data,
        );
        return plain.toString('utf8').trim();
      } catch (error) {
        throw new AppError(ErrorCode.mfaDecryptFailed, { cause: error });
      }
    },
  };
}

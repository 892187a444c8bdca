/**
 * A software WebAuthn authenticator for server tests: ES256 (P-256) passkeys, "none" attestation,
 * answers built byte for byte as WebAuthn Level 3 defines them (authenticator data, COSE key, CBOR
 * attestation object, client data JSON, DER signature over authenticator data ‖ SHA-256(client
 * data)). Browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export type TSoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The next signature counter (0: an authenticator that keeps none). */
  counter: number;
  userHandle: string | null;
  rpId: string;
};

function flags(o: { up?: boolean; uv?: boolean; at?: boolean; be?: boolean; bs?: boolean }): number {
  return (o.up ? 0x01 : 0) | (o.uv ? 0x04 : 0) | (o.be ? 0x08 : 0) | (o.bs ? 0x10 : 0) | (o.at ? 0x40 : 0);
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

export type TAnswerOptions = {
  origin: string;
  /** Another RP id than the options' (a phishing site's passkey). */
  rpId?: string;
  userVerified?: boolean;
  synced?: boolean;
};

/** The answer to registration options: a new passkey and its `RegistrationResponseJSON`. */
export function createPasskey(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  answer: TAnswerOptions & { discoverable?: boolean; counter?: number },
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(32);
  const rpId = answer.rpId ?? (options.rp.id as string);
  const counter = answer.counter ?? 0;
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([
      flags({ up: true, uv: answer.userVerified ?? true, at: true, be: answer.synced, bs: answer.synced }),
    ]),
    counterBytes(counter),
    Buffer.alloc(16), // AAGUID: none
    Buffer.from([0, credentialId.length]),
    credentialId,
    Buffer.from(coseKey(publicKey)),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: answer.origin,
      crossOrigin: false,
    }),
  );
  const attestationObject = isoCBOR.encode(
    new Map<string, Parameters<typeof isoCBOR.encode>[0]>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, Parameters<typeof isoCBOR.encode>[0]>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const passkey: TSoftPasskey = {
    credentialId,
    privateKey,
    publicKey,
    counter: counter === 0 ? 0 : counter + 1,
    userHandle: answer.discoverable === false ? null : options.user.id,
    rpId,
  };
  return {
    passkey,
    response: {
      id: b64(credentialId),
      rawId: b64(credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    },
  };
}

/** The passkey's answer to sign-in options (`AuthenticationResponseJSON`); advances its counter. */
export function signWith(
  passkey: TSoftPasskey,
  options: { challenge: string },
  answer: TAnswerOptions & { counter?: number },
) {
  const counter = answer.counter ?? passkey.counter;
  if (answer.counter === undefined && passkey.counter > 0) passkey.counter += 1;
  const authData = Buffer.concat([
    sha256(answer.rpId ?? passkey.rpId),
    Buffer.from([flags({ up: true, uv: answer.userVerified ?? true, be: answer.synced, bs: answer.synced })]),
    counterBytes(counter),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: answer.origin,
      crossOrigin: false,
    }),
  );
  const signature = createSign('sha256')
    .update(Buffer.concat([authData, sha256(clientDataJSON)]))
    .sign(passkey.privateKey);
  return {
    id: b64(passkey.credentialId),
    rawId: b64(passkey.credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64(clientDataJSON),
      authenticatorData: b64(authData),
      signature: b64(signature),
      userHandle: passkey.userHandle,
    },
  };
}

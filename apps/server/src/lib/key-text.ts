/**
 * Keys as operators are given them: PEM text (with real or `\n`-escaped line breaks), the path of
 * a PEM or DER file, or bare base64 DER as the providers' key tools issue it (Alipay's tool prints
 * a PKCS#8 private key and an SPKI public key that way; older tools print PKCS#1). Each is checked
 * by loading it and answered as PEM text, so that the rest of the server reads one form.
 *
 * Nothing here ever puts a part of the value into an error: the caller names the setting.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';

export type TKeyKind = 'private' | 'public';

/** Why a value is not a usable key, in words that never quote the value. */
export class KeyTextError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'KeyTextError';
  }
}

const base64Pattern = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

function load(kind: TKeyKind, input: string | { key: Buffer; format: 'der'; type: string }): KeyObject {
  return kind === 'private' ? createPrivateKey(input as never) : createPublicKey(input as never);
}

function fromDer(kind: TKeyKind, der: Buffer): KeyObject | null {
  const types = kind === 'private' ? (['pkcs8', 'pkcs1', 'sec1'] as const) : (['spki', 'pkcs1'] as const);
  for (const type of types) {
    try {
      return load(kind, { key: der, format: 'der', type });
    } catch {
      // the next encoding
    }
  }
  return null;
}

function toPem(kind: TKeyKind, key: KeyObject): string {
  if (kind === 'private') return key.export({ format: 'pem', type: 'pkcs8' }).toString();
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

function fromPem(kind: TKeyKind, text: string): string {
  const pem = text.replace(/\\n/g, '\n').trim();
  try {
    load(kind, pem);
  } catch {
    throw new KeyTextError(`is PEM text but not a readable ${kind} key`);
  }
  return `${pem}\n`;
}

function looksLikePath(value: string): boolean {
  return /^(\/|\.{1,2}\/|~\/|[A-Za-z]:\\)/.test(value) || /\.(pem|key|der|crt|pub)$/i.test(value);
}

/**
 * The key of `value` as PEM text. PEM text is answered as given (escapes resolved); a file's
 * content and base64 DER are loaded and answered as PKCS#8 (private) or SPKI (public) PEM.
 */
export function keyText(kind: TKeyKind, value: string): string {
  const trimmed = value.trim();
  if (trimmed.includes('-----BEGIN')) return fromPem(kind, trimmed);
  if (looksLikePath(trimmed)) {
    if (!existsSync(trimmed) || !statSync(trimmed).isFile()) {
      throw new KeyTextError('names a key file that does not exist');
    }
    const content = readFileSync(trimmed);
    const text = content.toString('utf8');
    if (text.includes('-----BEGIN')) return fromPem(kind, text);
    const key =
      fromDer(kind, content) ??
      (base64Pattern.test(text) ? fromDer(kind, Buffer.from(text, 'base64')) : null);
    if (!key) throw new KeyTextError(`names a file that holds no readable ${kind} key`);
    return toPem(kind, key);
  }
  if (!base64Pattern.test(trimmed)) {
    throw new KeyTextError(`is not a ${kind} key: give PEM text, the path of a key file, or base64 DER`);
  }
  const key = fromDer(kind, Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'));
  if (!key) {
    throw new KeyTextError(
      `is base64 but not a readable ${kind} key (${kind === 'private' ? 'PKCS#8 or PKCS#1' : 'SPKI or PKCS#1'} DER)`,
    );
  }
  return toPem(kind, key);
}

/**
 * The browser's side of passkeys (WebAuthn), with `@simplewebauthn/browser` loaded on first use (it
 * is never on a page's first load): creating a passkey from registration options, and answering
 * sign-in options. A failure the user can act on becomes a `PasskeyError` of a kind the pages word.
 */
import type { TWebAuthnOptions } from '@console/contract';
import { chunkLoader } from './lazy';

export type TPasskeyErrorKind = 'unsupported' | 'cancelled' | 'exists' | 'failed';

export class PasskeyError extends Error {
  readonly kind: TPasskeyErrorKind;
  constructor(kind: TPasskeyErrorKind, cause?: unknown) {
    super(`passkey: ${kind}`, { cause });
    this.kind = kind;
  }
}

function kindOf(error: unknown): TPasskeyErrorKind {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'exists';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return 'cancelled';
  return 'failed';
}

const browserLibrary = chunkLoader(() => import('@simplewebauthn/browser'));

/** Whether this browser can use passkeys at all (checked without loading the library). */
export function canUsePasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Asks the device to create a passkey; answers the registration response for the server. */
export async function createPasskey(options: TWebAuthnOptions) {
  if (!canUsePasskeys()) throw new PasskeyError('unsupported');
  const { startRegistration } = await browserLibrary();
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    throw new PasskeyError(kindOf(error), error);
  }
}

/**
 * Asks the device to sign with a passkey; answers the authentication response for the server.
 * `signal` cancels the request: the device's prompt closes at once (the library aborts its
 * `navigator.credentials.get`) and the answer is a `cancelled` PasskeyError. A device without the
 * user's passkey may otherwise keep the request open for minutes.
 */
export async function answerWithPasskey(options: TWebAuthnOptions, signal?: AbortSignal) {
  if (!canUsePasskeys()) throw new PasskeyError('unsupported');
  const { startAuthentication, WebAuthnAbortService } = await browserLibrary();
  if (signal?.aborted) throw new PasskeyError('cancelled', signal.reason);
  // The library gives `navigator.credentials.get` an AbortController's signal of its own, and
  // aborts it on `cancelCeremony`: the caller's signal is passed on to it.
  const cancel = () => WebAuthnAbortService.cancelCeremony();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    throw new PasskeyError(signal?.aborted ? 'cancelled' : kindOf(error), error);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** The words of a passkey failure (the `mfa` phrases' `passkey` texts). */
export function passkeyErrorText(
  error: PasskeyError,
  texts: { unsupported: string; cancelled: string; exists: string; failed: string },
): string {
  return texts[error.kind];
}

/**
 * Sign-in by passkey (issue 22): `POST /api/login/passkey/options` for the WebAuthn options (the
 * second step's, or those of a sign-in by passkey alone at the account's login address), then
 * `POST /api/login/passkey` with the device's answer. Hints off: the login page shows failures.
 */
import type { TRouteBody, TRouteData } from '@console/contract';
import { callApi, callApiEnvelope, endpoint, type TEnvelope } from '@/lib/api-client';
import { answerWithPasskey } from '@/lib/passkey';

const optionsEndpoint = endpoint('passkeySignInOptions', 'POST', '/api/login/passkey/options');
const signInEndpoint = endpoint('passkeySignIn', 'POST', '/api/login/passkey');

export type TPasskeySignInTarget = Omit<TRouteBody<'passkeySignIn'>, 'credential'>;

/**
 * The options, the device's answer and the sign-in: the login's answer (a session token). `signal`
 * cancels whichever of them is under way (the device's prompt included).
 */
export async function signInWithPasskey(
  target: TPasskeySignInTarget,
  signal?: AbortSignal,
): Promise<TEnvelope<TRouteData<'passkeySignIn'>>> {
  const options = await callApi(optionsEndpoint, {
    body: target.uniqueId ? { uniqueId: target.uniqueId } : { accountDisplayName: target.accountDisplayName },
    hints: false,
    ...(signal ? { signal } : {}),
  });
  const credential = await answerWithPasskey(options, signal);
  return callApiEnvelope(signInEndpoint, {
    body: { ...target, credential: credential as TRouteBody<'passkeySignIn'>['credential'] },
    hints: false,
    ...(signal ? { signal } : {}),
  });
}

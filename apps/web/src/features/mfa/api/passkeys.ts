/**
 * The signed-in user's passkeys (issue 22): the list, registration (options proven by a code's
 * checkToken, the device's answer, a name), renaming and removal (proven by a code).
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { authCodeTokenHeaders, type TCheckResult } from '@/api/check-auth-code';
import { refreshMfaStatus } from '@/api/get-mfa-status';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { mfaKeys } from './query-keys';

const listEndpoint = endpoint('listPasskeys', 'GET', '/api/portal/user/passkeys');
const optionsEndpoint = endpoint('passkeyRegistrationOptions', 'POST', '/api/portal/user/passkeys/options');
const registerEndpoint = endpoint('registerPasskey', 'POST', '/api/portal/user/passkeys/register');
const renameEndpoint = endpoint('renamePasskey', 'POST', '/api/portal/user/passkeys/rename');
const removeEndpoint = endpoint('removePasskey', 'POST', '/api/portal/user/passkeys/remove');

export type TPasskeyList = TRouteData<'listPasskeys'>;
export type TPasskey = TPasskeyList['list'][number];
export type TRegistrationOptions = TRouteData<'passkeyRegistrationOptions'>;

export function usePasskeys() {
  return useQuery({
    queryKey: mfaKeys.passkeys,
    queryFn: ({ signal }) => callApi(listEndpoint, { signal }),
    staleTime: 0,
  });
}

/** Keeps the new list, and fetches the protection status again (it counts the passkeys). */
const keep = (list: TPasskeyList) => {
  queryClient.setQueryData(mfaKeys.passkeys, list);
  void refreshMfaStatus();
  return list;
};

export function passkeyRegistrationOptions(proof: TCheckResult): Promise<TRegistrationOptions> {
  return callApi(optionsEndpoint, { headers: authCodeTokenHeaders(proof), hints: false });
}

export async function registerPasskey(name: string, credential: unknown): Promise<TPasskeyList> {
  return keep(
    await callApi(registerEndpoint, { body: { name, credential: credential as never }, hints: false }),
  );
}

export async function renamePasskey(id: number, name: string): Promise<TPasskeyList> {
  return keep(await callApi(renameEndpoint, { body: { id, name }, hints: false }));
}

export async function removePasskey(id: number, proof: TCheckResult): Promise<TPasskeyList> {
  return keep(
    await callApi(removeEndpoint, { body: { id }, headers: authCodeTokenHeaders(proof), hints: false }),
  );
}

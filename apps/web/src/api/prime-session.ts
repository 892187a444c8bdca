/**
 * After a successful login (or when the login page finds a live session): fetches the user, keeps
 * `currentUserInfo`, and primes the query cache with user, authorisations and account detail,
 * so that the console opens without waiting.
 */
import type { TRouteData } from '@console/contract';
import { resetSessionEnd } from '@/lib/api-client';
import { storeCurrentUserInfo } from '@/lib/current-user-info';
import { queryClient } from '@/lib/query-client';
import { findCurrentUser } from './find-current-user';
import { accountDetailQueryOptions } from './get-account-detail';
import { currentUserQueryOptions, type TCurrentUser } from './get-current-user';
import { sessionKeys } from './query-keys';

export async function primeSession(
  login: TRouteData<'login'> | null,
  knownUser?: TCurrentUser,
): Promise<TCurrentUser> {
  queryClient.clear();
  const user = knownUser ?? (await queryClient.fetchQuery(currentUserQueryOptions({ hints: false })));
  queryClient.setQueryData(sessionKeys.currentUser, user);
  // A new session: should it end, the login page says so again.
  resetSessionEnd();
  storeCurrentUserInfo(user);
  if (login) queryClient.setQueryData(sessionKeys.userAuth, login.authVos);
  // The account detail is a nicety here: the console fetches it again if this fails.
  await queryClient.prefetchQuery(accountDetailQueryOptions({ hints: false }));
  return user;
}

/**
 * The login page's check for a live session (no hint; no session is an empty answer, not a 401):
 * answers the user, with the cache primed, or null.
 */
export async function findLiveSession(): Promise<TCurrentUser | null> {
  try {
    const user = await findCurrentUser();
    if (!user) return null;
    return await primeSession(null, user).catch(() => user);
  } catch {
    return null;
  }
}

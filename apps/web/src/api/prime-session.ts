/**
 * After a successful login (or when the login page finds a live session): fetches the user, keeps
 * `currentUserInfo`, and primes the query cache with user, authorisations and account detail,
 * so that the console opens without waiting.
 */
import type { TRouteData } from '@console/contract';
import { storeCurrentUserInfo } from '@/lib/current-user-info';
import { queryClient } from '@/lib/query-client';
import { accountDetailQueryOptions } from './get-account-detail';
import { currentUserQueryOptions, getCurrentUser, type TCurrentUser } from './get-current-user';
import { sessionKeys } from './query-keys';

export async function primeSession(
  login: TRouteData<'login'> | null,
  knownUser?: TCurrentUser,
): Promise<TCurrentUser> {
  queryClient.clear();
  const user =
    knownUser ??
    (await queryClient.fetchQuery(currentUserQueryOptions({ hints: false, redirectOn401: false })));
  queryClient.setQueryData(sessionKeys.currentUser, user);
  storeCurrentUserInfo(user);
  if (login) queryClient.setQueryData(sessionKeys.userAuth, login.authVos);
  // The account detail is a nicety here: the console fetches it again if this fails.
  await queryClient.prefetchQuery(accountDetailQueryOptions({ hints: false, redirectOn401: false }));
  return user;
}

/**
 * The login page's check for a live session (no hint, no redirect on 401): answers the user,
 * with the cache primed, or null.
 */
export async function findLiveSession(): Promise<TCurrentUser | null> {
  try {
    const user = await getCurrentUser({ hints: false, redirectOn401: false });
    return await primeSession(null, user).catch(() => user);
  } catch {
    return null;
  }
}

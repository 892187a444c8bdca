/**
 * The account center's first calls, made beside its chunks rather than after its first render
 * (`app/console/route-pages`): the account's center facts, the user's login protection, the
 * password policy and the third-party bindings; for an account administrator also the
 * verification status and the contact changes waiting for their users. Quiet (no hints): the
 * page shows a failure itself. A session found ended leads to the login page (the API client).
 */
import type { TCurrentUser } from '@/api/get-current-user';
import { mfaStatusQueryOptions } from '@/api/get-mfa-status';
import { sessionKeys } from '@/api/query-keys';
import { accountCenterQueryOptions } from '@/features/account/api/get-account-center';
import { passwordPolicyQueryOptions } from '@/features/account/api/get-password-policy';
import { pendingChangesQueryOptions } from '@/features/account/api/list-pending-changes';
import { certificationStatusQueryOptions } from '@/features/certification/api/get-certification-status';
import { userBindingConfigQueryOptions } from '@/features/sso/api/get-user-binding-config';
import { quietCall } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** Answers when every call has settled (it never fails). */
export async function prefetchAccountInfo(): Promise<void> {
  const isAdmin = queryClient.getQueryData<TCurrentUser>(sessionKeys.currentUser)?.isAccountAdmin === true;
  await Promise.all([
    queryClient.prefetchQuery(accountCenterQueryOptions(quietCall)),
    queryClient.prefetchQuery(mfaStatusQueryOptions(quietCall)),
    queryClient.prefetchQuery(passwordPolicyQueryOptions(quietCall)),
    queryClient.prefetchQuery(userBindingConfigQueryOptions(quietCall)),
    isAdmin ? queryClient.prefetchQuery(certificationStatusQueryOptions(quietCall)) : null,
    isAdmin ? queryClient.prefetchQuery(pendingChangesQueryOptions(quietCall)) : null,
  ]);
}

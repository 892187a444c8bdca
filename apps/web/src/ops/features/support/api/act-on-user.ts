/**
 * The support acts on a user, one route each (`POST /api/ops/support/users/unlock`, `…/end-sessions`,
 * `…/resend-invitation`, `…/reset-login-protection`): a user and a reason; the answer of each, and
 * afterwards the user's state and the search read again. The reset needs a fresh second factor:
 * the API client asks for it (step-up) and sends the act again.
 */
import type { TOpsRouteData } from '@console/contract/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOps } from '@/ops/lib/ops-api';
import { supportUsersKey } from './search-users';

export const supportActRoutes = {
  unlock: 'opsSupportUnlockUser',
  endSessions: 'opsSupportEndSessions',
  resend: 'opsSupportResendInvitation',
  reset: 'opsSupportResetProtection',
} as const;

export type TSupportAct = keyof typeof supportActRoutes;
export type TSupportActResult<A extends TSupportAct> = TOpsRouteData<(typeof supportActRoutes)[A]>;

export function useSupportAct<A extends TSupportAct>(act: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; reason: string }) =>
      // The dialog shows a refusal itself, beside the reason.
      // Every act takes the same body (a user and a reason); the route's id picks the act.
      callOps(supportActRoutes[act] as 'opsSupportUnlockUser', { body: input, hints: false }) as Promise<
        TSupportActResult<A>
      >,
    onSettled: () => client.invalidateQueries({ queryKey: supportUsersKey }),
  });
}

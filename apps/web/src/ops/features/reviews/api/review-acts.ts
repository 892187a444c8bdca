/**
 * The review queues' acts: claim and release an item, and its decision (approve, reject with a
 * reason from the list; confirm a remittance, which asks for the second factor again when it is
 * stale; make formal or decline). Each refreshes the queues and the item.
 */
import type { TOpsReviewKind, TOpsReviewOutcome } from '@console/contract/ops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOps } from '@/ops/lib/ops-api';
import { reviewKeys } from './review-queries';

const claimRoutes = {
  verification: 'opsVerificationClaim',
  remittance: 'opsRemittanceClaim',
  formal: 'opsFormalClaim',
} as const;
const releaseRoutes = {
  verification: 'opsVerificationRelease',
  remittance: 'opsRemittanceRelease',
  formal: 'opsFormalRelease',
} as const;

/** The route of each kind's act: approving (confirming, making formal) and refusing. */
export const approveRoutes = {
  verification: 'opsVerificationApprove',
  remittance: 'opsRemittanceConfirm',
  formal: 'opsFormalApprove',
} as const;
export const refuseRoutes = {
  verification: 'opsVerificationReject',
  remittance: 'opsRemittanceReject',
  formal: 'opsFormalDecline',
} as const;

function useRefresh(kind: TOpsReviewKind) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reviewKeys.all, refetchType: 'all' }).then(() => kind);
}

export function useClaim(kind: TOpsReviewKind, id: number) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: (isClaim: boolean) =>
      isClaim
        ? callOps(claimRoutes[kind], { body: { id } }).then(() => null)
        : callOps(releaseRoutes[kind], { body: { id } }),
    onSettled: refresh,
  });
}

export type TRefusal = { reasonCode: string; note: string };

export function useDecision(kind: TOpsReviewKind, id: number) {
  const refresh = useRefresh(kind);
  return useMutation({
    mutationFn: (refusal: TRefusal | null): Promise<TOpsReviewOutcome> => {
      if (!refusal) return callOps(approveRoutes[kind], { body: { id } });
      const body = { id, reasonCode: refusal.reasonCode, note: refusal.note } as never;
      return callOps(refuseRoutes[kind], { body });
    },
    onSettled: refresh,
  });
}

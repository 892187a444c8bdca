/**
 * The review queues' reads (issue 40, item 4): the queues' counts and ages, a queue's items, one
 * item per kind, and the address of an item's file (licence, slip) on the ops listener.
 */
import type { TOpsReviewKind } from '@console/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { callOps } from '@/ops/lib/ops-api';

export const reviewKeys = {
  all: ['ops', 'reviews'] as const,
  summary: ['ops', 'reviews', 'summary'] as const,
  list: (kind: TOpsReviewKind) => ['ops', 'reviews', 'list', kind] as const,
  item: (kind: TOpsReviewKind, id: number) => ['ops', 'reviews', 'item', kind, id] as const,
};

export function useReviewSummary() {
  return useQuery({
    queryKey: reviewKeys.summary,
    queryFn: () => callOps('opsReviewSummary'),
    refetchInterval: 60_000,
  });
}

export function useReviewList(kind: TOpsReviewKind) {
  return useQuery({
    queryKey: reviewKeys.list(kind),
    queryFn: () => callOps('opsReviewList', { query: { kind } }),
    refetchInterval: 60_000,
  });
}

export function useVerificationReview(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.item('verification', id),
    queryFn: () => callOps('opsVerificationReview', { query: { id }, hints: false }),
    enabled: isEnabled,
    retry: false,
  });
}

export function useRemittanceReview(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.item('remittance', id),
    queryFn: () => callOps('opsRemittanceReview', { query: { id }, hints: false }),
    enabled: isEnabled,
    retry: false,
  });
}

export function useFormalReview(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.item('formal', id),
    queryFn: () => callOps('opsFormalReview', { query: { id }, hints: false }),
    enabled: isEnabled,
    retry: false,
  });
}

/** Where the item's file streams from (the ops listener's own route; the session cookie goes along). */
export function fileUrlOf(kind: 'verification' | 'remittance', id: number): string {
  return kind === 'verification'
    ? `/api/ops/reviews/verifications/licence?id=${id}`
    : `/api/ops/reviews/remittances/slip?id=${id}`;
}

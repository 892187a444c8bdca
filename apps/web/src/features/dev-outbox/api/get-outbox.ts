/**
 * GET /api/dev/outbox?to=…: every e-mail and SMS the server sent in development mode, newest
 * first (absent in production mode). A plain fetcher: the outbox is a light public page.
 */
import type { TRouteData } from '@console/contract';
import { callApi } from '@/lib/api-client';

export type TOutbox = TRouteData<'devOutbox'>;
export type TOutboxMessage = TOutbox['list'][number];

export function getOutbox(to: string, signal?: AbortSignal): Promise<TOutbox> {
  const filter = to.trim();
  return callApi('devOutbox', {
    query: filter ? { to: filter } : {},
    hints: false,
    redirectOn401: false,
    ...(signal ? { signal } : {}),
  });
}

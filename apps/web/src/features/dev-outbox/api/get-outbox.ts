/**
 * GET /api/dev/outbox?to=…: every e-mail and SMS the server sent in development mode, newest
 * first (absent in production mode). A plain fetcher: the outbox is a light public page.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const devOutboxEndpoint = endpoint('devOutbox', 'GET', '/api/dev/outbox');

export type TOutbox = TRouteData<'devOutbox'>;
export type TOutboxMessage = TOutbox['list'][number];

export function getOutbox(to: string, signal?: AbortSignal): Promise<TOutbox> {
  const filter = to.trim();
  return callApi(devOutboxEndpoint, {
    query: filter ? { to: filter } : {},
    hints: false,
    ...(signal ? { signal } : {}),
  });
}

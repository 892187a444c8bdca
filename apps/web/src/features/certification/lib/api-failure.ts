/** The text of a failed verification call: the server's translated message, or a generic one. */
import { asApiError } from '@/lib/code-errors';

export function failureText(
  error: unknown,
  fallback: { networkError: string; requestFailed: string },
): string {
  const api = asApiError(error);
  if (!api) return fallback.requestFailed;
  if (api.kind === 'network' || api.kind === 'timeout') return fallback.networkError;
  return api.message || fallback.requestFailed;
}

/** The `data` of a 400 (its `fieldErrors`), or null for another failure. */
export function badRequestData(error: unknown): unknown {
  const api = asApiError(error);
  return api && (api.code === 400 || api.status === 400) ? api.data : null;
}

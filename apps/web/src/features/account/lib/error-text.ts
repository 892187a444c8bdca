import { asApiError } from '@/lib/code-errors';

/**
 * The text of a failed call for a dialog: the first field error of a 400, else the server's message
 * (already in the user's language), else the error's own message.
 */
export function errorMessageOf(error: unknown): string {
  const api = asApiError(error);
  if (api) {
    const fields = (api.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
    const first = fields ? Object.values(fields)[0] : undefined;
    return first ?? api.message;
  }
  return error instanceof Error ? error.message : String(error);
}

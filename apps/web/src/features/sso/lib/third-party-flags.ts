/**
 * The outcome of a third-party binding, as the server's redirect back to the account center
 * carries it: `?thirdPartyBound=<provider>` after success, `?thirdPartyError=<message>` after a
 * failure. Read once on arrival and then removed from the URL.
 */

export type TThirdPartyOutcome = { kind: 'bound'; provider: string } | { kind: 'error'; message: string };

const boundFlag = 'thirdPartyBound';
const errorFlag = 'thirdPartyError';

/**
 * The outcome a query string carries, and the query string without the two flags (other
 * parameters kept in their order); null when neither flag is there. An error wins over success.
 */
export function takeThirdPartyOutcome(
  search: string,
): { outcome: TThirdPartyOutcome; search: string } | null {
  const params = new URLSearchParams(search);
  if (!params.has(boundFlag) && !params.has(errorFlag)) return null;
  const error = params.get(errorFlag)?.trim();
  const provider = params.get(boundFlag)?.trim();
  params.delete(boundFlag);
  params.delete(errorFlag);
  const rest = params.toString();
  // An empty flag is a failure without a message.
  const outcome: TThirdPartyOutcome =
    error || !provider
      ? { kind: 'error', message: (error ?? '').slice(0, 500) }
      : { kind: 'bound', provider: provider.slice(0, 64) };
  return { outcome, search: rest ? `?${rest}` : '' };
}

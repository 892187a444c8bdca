/**
 * Why a single sign-on (or third-party sign-in) was refused: a phrase key of `errors` with its
 * parameters, shown on /sso-error in the user's language, and a detail for the server log only
 * (never shown, never carrying tokens or raw assertions).
 */
export type TSsoFailureKey =
  | 'ssoFlowExpired'
  | 'ssoStateMismatch'
  | 'ssoNonceMismatch'
  | 'ssoTokenInvalid'
  | 'ssoSignatureInvalid'
  | 'ssoAssertionExpired'
  | 'ssoAudienceInvalid'
  | 'ssoRecipientInvalid'
  | 'ssoIssuerInvalid'
  | 'ssoReplayed'
  | 'ssoResponseInvalid'
  | 'ssoProviderError'
  | 'ssoUsernameMissing'
  | 'ssoUnknownUser'
  | 'ssoUserDisabled'
  | 'ssoUserUnavailable'
  | 'thirdPartyNotBoundLogin'
  | '4042'
  | '4043'
  | '4044'
  | '4045'
  | '4046'
  | '4130'
  | '4131'
  | '4132'
  | '4133'
  | '4134'
  | '4135';

export class SsoFailure extends Error {
  readonly key: TSsoFailureKey;
  readonly params: Record<string, unknown>;
  readonly detail: string | null;

  constructor(key: TSsoFailureKey, params: Record<string, unknown> = {}, detail: string | null = null) {
    super(`${key}${detail ? `: ${detail}` : ''}`);
    this.name = 'SsoFailure';
    this.key = key;
    this.params = params;
    this.detail = detail;
  }
}

/** A short, single-line text of an error for the log and for `{{detail}}` parameters. */
export function briefOf(error: unknown, max = 200): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}

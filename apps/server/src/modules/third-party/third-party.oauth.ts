/**
 * OAuth 2.0 client of a third-party provider (`oauth4webapi`): the authorization request with
 * PKCE (S256) and state, the code exchange at the token endpoint (client_secret_basic) and the
 * userinfo request. The identity is the userinfo answer's subject claim (with its display name),
 * both named by the deployment's configuration; dotted names reach nested members
 * (`data.open_id`). An ID token, when the provider sends one, is checked (issuer, audience, time)
 * and must name the same subject as the userinfo answer.
 */
import * as oauth from 'oauth4webapi';
import type { TThirdPartyProvider } from '../../config';
import { briefOf, SsoFailure } from '../external-sign-in';

/** The longest the console waits for the provider's token or userinfo endpoint. */
const requestTimeoutMs = 10_000;
const externalNameMax = 128;

export type TThirdPartyIdentity = { subject: string; externalName: string | null };

function serverOf(provider: TThirdPartyProvider): oauth.AuthorizationServer {
  return {
    issuer: provider.issuer ?? new URL(provider.authorizeUrl).origin,
    authorization_endpoint: provider.authorizeUrl,
    token_endpoint: provider.tokenUrl,
    userinfo_endpoint: provider.userinfoUrl,
  };
}

/** Request options: a time limit, and plain http where the deployment configured it. */
function requestOptions(endpoint: string) {
  return {
    signal: () => AbortSignal.timeout(requestTimeoutMs),
    ...(new URL(endpoint).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/** The provider's authorization URL for a flow, and the PKCE verifier the flow must keep. */
export async function authorizationUrl(
  provider: TThirdPartyProvider,
  redirectUri: string,
  state: string,
): Promise<{ url: string; codeVerifier: string }> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (provider.scopes.trim()) url.searchParams.set('scope', provider.scopes.trim());
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.href, codeVerifier };
}

/** A member of the userinfo answer by name, or by a dotted path of nested members. */
function claimOf(info: Record<string, unknown>, name: string): unknown {
  if (name in info) return info[name];
  let value: unknown = info;
  for (const part of name.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

async function readUserInfo(response: Response): Promise<Record<string, unknown>> {
  if (response.status !== 200) throw new Error(`userinfo endpoint answered HTTP ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error('userinfo endpoint did not answer a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Maps the library's refusals to the reasons shown to the user. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const detail = briefOf(error);
  if (error instanceof oauth.AuthorizationResponseError || error instanceof oauth.ResponseBodyError) {
    return new SsoFailure('ssoProviderError', { detail: error.error_description || error.error }, detail);
  }
  if (error instanceof oauth.OperationProcessingError) {
    if (/"state"/.test(detail)) return new SsoFailure('ssoStateMismatch', {}, detail);
    if (/"iss"/.test(detail)) return new SsoFailure('ssoIssuerInvalid', {}, detail);
    if (/"aud"|"azp"/.test(detail)) return new SsoFailure('ssoAudienceInvalid', {}, detail);
    if (/"exp"|"iat"|"nbf"/.test(detail)) return new SsoFailure('ssoAssertionExpired', {}, detail);
    return new SsoFailure('ssoResponseInvalid', { detail }, detail);
  }
  // The provider could not be reached (connection refused, time limit).
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) {
    return new SsoFailure('4043', { detail }, detail);
  }
  return new SsoFailure('ssoResponseInvalid', { detail }, detail);
}

/**
 * Completes the authorization code flow from the callback URL (the provider's error or code, and
 * the state the flow was found by): the code is exchanged with the PKCE verifier, then the
 * userinfo endpoint names the identity.
 */
export async function exchangeCode(
  provider: TThirdPartyProvider,
  input: { callbackUrl: URL; redirectUri: string; state: string; codeVerifier: string },
): Promise<TThirdPartyIdentity> {
  const as = serverOf(provider);
  const client: oauth.Client = { client_id: provider.clientId };
  try {
    const params = oauth.validateAuthResponse(as, client, input.callbackUrl, input.state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(provider.clientSecret),
      params,
      input.redirectUri,
      input.codeVerifier,
      requestOptions(provider.tokenUrl),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
    const idClaims = oauth.getValidatedIdTokenClaims(tokens);
    const info = await readUserInfo(
      await oauth.userInfoRequest(as, client, tokens.access_token, requestOptions(provider.userinfoUrl)),
    );
    if (idClaims && typeof info.sub === 'string' && info.sub !== idClaims.sub) {
      throw new SsoFailure(
        'ssoResponseInvalid',
        { detail: 'userinfo subject differs from the ID token' },
        'userinfo sub differs from the ID token sub',
      );
    }
    const subject = claimOf(info, provider.subjectClaim);
    if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject).trim() === '') {
      throw new SsoFailure('ssoUsernameMissing', { claim: provider.subjectClaim });
    }
    const name = claimOf(info, provider.nameClaim);
    return {
      subject: String(subject).trim(),
      externalName: typeof name === 'string' && name.trim() ? name.trim().slice(0, externalNameMax) : null,
    };
  } catch (error) {
    throw failureOf(error);
  }
}

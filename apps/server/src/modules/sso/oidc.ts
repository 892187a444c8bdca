/**
 * OpenID Connect relying party (`openid-client`): discovery, the authorization request with PKCE
 * (S256), state and nonce, and the code exchange whose ID token is checked for signature (JWKS of
 * the issuer), issuer, audience, expiry and nonce. The username is read from the ID token's claim,
 * else from the userinfo answer for the same subject.
 *
 * Every request openid-client makes for the issuer (discovery, JWKS, token, userinfo) goes through
 * the outbound address rule's fetch (lib/outbound.ts): in production, an issuer or an endpoint its
 * discovery names that is (or resolves to) an internal address is refused unless allowed.
 */
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import {
  type OutboundAddressError,
  outboundFetch,
  outboundRefusalOf,
  type TOutboundPolicy,
} from '../../lib/outbound';
import { briefOf, SsoFailure } from '../external-sign-in';
import { discoveryProblemOf, type TErrorPhrase } from './sso-source-problem';

export type TOidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  usernameClaim: string;
};

const discoveryTimeoutSeconds = 10;
const cacheMs = 10 * 60 * 1000;
const cache = new Map<string, { config: client.Configuration; at: number }>();

function cacheKey(s: TOidcSettings, outbound: TOutboundPolicy): string {
  const rule = `${outbound.isRestricted}:${outbound.allowHosts.join(',')}`;
  return createHash('sha256')
    .update(`${s.issuer}\n${s.clientId}\n${s.clientSecret}\n${rule}`)
    .digest('base64url');
}

/**
 * The client configuration of an issuer, discovered once per ten minutes, whose requests all go
 * through the outbound rule's fetch. http issuers are accepted (spec section 5: SSO URLs start
 * with http:// or https://). Throws Error with a short reason when discovery fails.
 */
export async function oidcConfiguration(
  settings: TOidcSettings,
  outbound: TOutboundPolicy,
  now = Date.now(),
): Promise<client.Configuration> {
  const key = cacheKey(settings, outbound);
  const hit = cache.get(key);
  if (hit && now - hit.at < cacheMs) return hit.config;
  const issuer = new URL(settings.issuer);
  const config = await client.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    client.ClientSecretBasic(settings.clientSecret),
    {
      timeout: discoveryTimeoutSeconds,
      // Also kept by the configuration for the JWKS, token and userinfo requests.
      [client.customFetch]: outboundFetch(outbound) as client.CustomFetch,
      ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
  // The ID token's signature is verified against the issuer's keys, not only trusted for
  // arriving over the back channel.
  client.enableNonRepudiationChecks(config);
  cache.set(key, { config, at: now });
  return config;
}

/** A short reason of a failure, with its first cause when openid-client only says it failed. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  const message = briefOf(error);
  return cause instanceof Error && cause.message && !message.includes(cause.message)
    ? briefOf(`${message} (${cause.message})`)
    : message;
}

/**
 * Discovery for the configuration form: answers the reason instead of throwing: in words for the
 * user (`phrase`: which host, and why), for the log (`detail`), and the outbound rule's refusal
 * when that is the reason.
 */
export async function checkOidcIssuer(
  settings: TOidcSettings,
  outbound: TOutboundPolicy,
): Promise<{ detail: string; phrase: TErrorPhrase; refusal: OutboundAddressError | null } | null> {
  try {
    cache.delete(cacheKey(settings, outbound));
    await oidcConfiguration(settings, outbound);
    return null;
  } catch (error) {
    return {
      detail: reasonOf(error),
      phrase: discoveryProblemOf(error, settings.issuer),
      refusal: outboundRefusalOf(error),
    };
  }
}

/** The refusal shown to the user when the outbound rule refused a request of the flow. */
export function outboundFailure(refusal: OutboundAddressError): SsoFailure {
  return new SsoFailure('4135', { host: refusal.host, address: refusal.address }, refusal.message);
}

export type TOidcStart = { url: string; codeVerifier: string; nonce: string };

export async function oidcAuthorizationUrl(
  settings: TOidcSettings,
  outbound: TOutboundPolicy,
  redirectUri: string,
  state: string,
): Promise<TOidcStart> {
  const config = await oidcConfiguration(settings, outbound);
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: settings.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, codeVerifier, nonce };
}

/** Maps openid-client's refusals to the reasons shown to the user. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const refusal = outboundRefusalOf(error);
  if (refusal) return outboundFailure(refusal);
  // openid-client wraps oauth4webapi's error, which names the offending claim or parameter in
  // its own cause: the whole chain's messages are read.
  const chain: string[] = [];
  let claim: string | null = null;
  let parameter: string | null = null;
  for (let link: unknown = error, depth = 0; link && depth < 4; depth += 1) {
    if (link instanceof Error) chain.push(link.message);
    const record = link as { claim?: unknown; parameter?: unknown; cause?: unknown };
    if (typeof record.claim === 'string') claim ??= record.claim;
    if (typeof record.parameter === 'string') parameter ??= record.parameter;
    link = record.cause;
  }
  const detail = briefOf(chain.join(' / '));
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) {
    const e = error as { error: string; error_description?: string };
    return new SsoFailure('ssoProviderError', { detail: e.error_description || e.error }, detail);
  }
  if (claim === 'nonce' || /"nonce"/.test(detail)) return new SsoFailure('ssoNonceMismatch', {}, detail);
  if (parameter === 'state' || /"state"/.test(detail)) return new SsoFailure('ssoStateMismatch', {}, detail);
  if (claim === 'exp' || claim === 'iat' || claim === 'nbf')
    return new SsoFailure('ssoAssertionExpired', {}, detail);
  if (claim === 'aud' || claim === 'azp') return new SsoFailure('ssoAudienceInvalid', {}, detail);
  if (claim === 'iss') return new SsoFailure('ssoIssuerInvalid', {}, detail);
  if (/signature/i.test(detail)) return new SsoFailure('ssoSignatureInvalid', {}, detail);
  if (/"exp"|expired|"iat"|"nbf"/i.test(detail)) return new SsoFailure('ssoAssertionExpired', {}, detail);
  if (/"aud"|audience|"azp"/i.test(detail)) return new SsoFailure('ssoAudienceInvalid', {}, detail);
  if (/"iss"|issuer/i.test(detail)) return new SsoFailure('ssoIssuerInvalid', {}, detail);
  return new SsoFailure('ssoTokenInvalid', { detail }, detail);
}

/**
 * Completes the code flow from the callback URL: the provider's error, the state, the code
 * exchange with the PKCE verifier, and the ID token checks. Answers the username.
 */
export async function oidcCallback(
  settings: TOidcSettings,
  outbound: TOutboundPolicy,
  input: { callbackUrl: URL; state: string; codeVerifier: string; nonce: string },
): Promise<{ username: string; subject: string }> {
  const error = input.callbackUrl.searchParams.get('error');
  if (error) {
    const description = input.callbackUrl.searchParams.get('error_description');
    throw new SsoFailure('ssoProviderError', { detail: (description || error).slice(0, 300) }, error);
  }
  try {
    const config = await oidcConfiguration(settings, outbound);
    const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
      pkceCodeVerifier: input.codeVerifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoFailure('ssoTokenInvalid', { detail: 'no ID token' }, 'no ID token');
    let value = claims[settings.usernameClaim];
    if (value === undefined || value === null || value === '') {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      value = info[settings.usernameClaim];
    }
    if (typeof value !== 'string' || value.trim() === '') {
      throw new SsoFailure('ssoUsernameMissing', { claim: settings.usernameClaim });
    }
    return { username: value.trim(), subject: claims.sub };
  } catch (caught) {
    throw failureOf(caught);
  }
}

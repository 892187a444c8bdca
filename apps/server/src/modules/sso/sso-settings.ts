/**
 * What single sign-on's configuration and its sign-in flows share: what this console is to
 * identity providers, the outbound address rule, and the stored configuration as the settings a
 * sign-in uses (when it is on and complete).
 */
import type { TSsoProtocol } from '@console/contract';
import { SsoDefaults } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { outboundPolicyOf, type TOutboundPolicy } from '../../lib/outbound';
import { findAccountById } from '../account';
import type { TNamedAccount } from '../external-sign-in';
import type { TOidcSettings } from './oidc';
import { samlSettingsOf, type TSamlSettings } from './saml-flow';
import type { TSsoConfigRow } from './sso.repository';

/** What this console is to identity providers, for an account. */
export function serviceProviderOf(deps: TDeps, accountName: string) {
  const base = deps.config.publicUrl;
  const metadataUrl = `${base}/api/portal/sso/saml/metadata?accountName=${encodeURIComponent(accountName)}`;
  return {
    redirectUri: `${base}/api/portal/sso/oidc/callback`,
    entityId: metadataUrl,
    acsUrl: `${base}/api/portal/sso/saml/acs`,
    metadataUrl,
  };
}

/**
 * The outbound address rule of identity-provider addresses (SAML metadata URLs, OpenID issuers):
 * in production no internal address unless OUTBOUND_ALLOW_HOSTS names it.
 */
export function outboundOf(deps: TDeps): TOutboundPolicy {
  return outboundPolicyOf(deps.config);
}

export function oidcSettingsOf(deps: TDeps, row: TSsoConfigRow): TOidcSettings | null {
  if (!row.oidcIssuer || !row.oidcClientId || !row.oidcClientSecret) return null;
  return {
    issuer: row.oidcIssuer,
    clientId: row.oidcClientId,
    clientSecret: deps.secrets.open(row.oidcClientSecret),
    scopes: row.oidcScopes ?? SsoDefaults.scopes,
    usernameClaim: row.oidcUsernameClaim ?? SsoDefaults.usernameClaim,
  };
}

/** The account of an id as a sign-in needs it; 4040 when there is none. */
export async function accountOf(deps: TDeps, accountId: number): Promise<TNamedAccount> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw new AppError(ErrorCode.notFound);
  return account;
}

/** The tested configuration a test flow carries (sealed with the flow). */
export type TTestedConfig = {
  protocol: TSsoProtocol;
  oidc: TOidcSettings | null;
  saml: TSamlSettings | null;
};
/** Whether the stored configuration is on and complete for its protocol. */
export function isSignInReady(row: TSsoConfigRow): boolean {
  if (!row.enabled) return false;
  return row.protocol === 'OIDC'
    ? Boolean(row.oidcIssuer && row.oidcClientId && row.oidcClientSecret)
    : samlSettingsOf(row) !== null;
}

/** The stored configuration as sign-in settings, when it is on and complete. */
export function configuredOf(deps: TDeps, row: TSsoConfigRow | null): TTestedConfig | null {
  if (!row || !isSignInReady(row)) return null;
  if (row.protocol === 'OIDC') {
    const oidc = oidcSettingsOf(deps, row);
    return oidc ? { protocol: 'OIDC', oidc, saml: null } : null;
  }
  const saml = samlSettingsOf(row);
  return saml ? { protocol: 'SAML2', oidc: null, saml } : null;
}

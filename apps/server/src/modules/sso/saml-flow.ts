/**
 * The SAML 2.0 side of the sign-in flows: the settings kept for an account (metadata as given and
 * what was read from it, and whether a signed response is accepted instead of signed assertions),
 * the start (an AuthnRequest whose id the flow remembers), and the checked answer. The IdP's
 * metadata is read when the configuration is saved or tested, and a metadata URL again every day
 * (sso.jobs.ts); sign-ins use the certificates read last.
 */
import { SsoDefaults } from '@console/contract';
import type { TOutboundFetch } from '../../lib/outbound';
import { readIdpMetadata, samlAuthnRequestUrl, type TIdpMetadata, type TServiceProvider } from './saml';
import { validateSamlResponse } from './saml-response';
import type { TSsoConfigRow } from './sso.repository';

export type TSamlSettings = {
  metadataUrl: string | null;
  metadataXml: string | null;
  idp: TIdpMetadata;
  usernameAttribute: string;
  /** Accept a signed response instead of signed assertions (the response must then be signed). */
  acceptSignedResponse: boolean;
};

const metadataTimeoutMs = 10_000;

/**
 * Reads the IdP metadata of a submitted form (a URL through `fetch`, the outbound address rule's);
 * a given entity id overrides the metadata's.
 */
export async function readSamlSettings(
  input: {
    metadataUrl?: string | undefined;
    metadataXml?: string | undefined;
    idpEntityId?: string | undefined;
    usernameAttribute: string;
    acceptSignedResponse?: boolean | undefined;
  },
  fetch: TOutboundFetch,
): Promise<TSamlSettings> {
  const metadataUrl = input.metadataUrl?.trim() || null;
  const metadataXml = metadataUrl ? null : input.metadataXml?.trim() || null;
  const idp = await readIdpMetadata(
    { url: metadataUrl, xml: metadataXml },
    { timeoutMs: metadataTimeoutMs, fetch },
  );
  const entityId = input.idpEntityId?.trim();
  return {
    metadataUrl,
    metadataXml,
    idp: entityId ? { ...idp, entityId } : idp,
    usernameAttribute: input.usernameAttribute,
    acceptSignedResponse: input.acceptSignedResponse === true,
  };
}

/**
 * A metadata URL as the audit log and the server log show it: without its query and fragment
 * (some IdPs put access keys there).
 */
export function metadataUrlForRecord(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.search || parsed.hash ? '?…' : ''}`;
  } catch {
    return '(not a URL)';
  }
}

/** Reads the IdP metadata of a stored metadata URL again (the daily refresh). */
export function readMetadataUrl(url: string, fetch: TOutboundFetch): Promise<TIdpMetadata> {
  return readIdpMetadata({ url }, { timeoutMs: metadataTimeoutMs, fetch });
}

/** The stored SAML settings of an account, when complete. */
export function samlSettingsOf(row: TSsoConfigRow): TSamlSettings | null {
  if (!row.samlIdpEntityId || !row.samlIdpSsoUrl || !row.samlIdpCerts?.length) return null;
  return {
    metadataUrl: row.samlMetadataUrl,
    metadataXml: row.samlMetadataXml,
    idp: { entityId: row.samlIdpEntityId, ssoUrl: row.samlIdpSsoUrl, certificates: row.samlIdpCerts },
    usernameAttribute: row.samlUsernameAttribute ?? SsoDefaults.usernameAttribute,
    acceptSignedResponse: row.samlAcceptSignedResponse,
  };
}

export async function samlStart(
  sp: TServiceProvider,
  saml: TSamlSettings,
  state: string,
): Promise<{ url: string; secrets: Record<string, unknown>; requestId: string }> {
  const { url, requestId } = await samlAuthnRequestUrl({ sp, idp: saml.idp, relayState: state });
  return { url, secrets: { requestId }, requestId };
}

export function samlFinish(
  sp: TServiceProvider,
  saml: TSamlSettings,
  samlResponse: string,
  requestId: string,
): Promise<{ username: string; assertionId: string; expiresAt: Date }> {
  return validateSamlResponse({
    sp,
    idp: saml.idp,
    samlResponse,
    expectedRequestId: requestId,
    usernameAttribute: saml.usernameAttribute,
    // A test flow sealed before this setting existed carries none: the default.
    signature: { acceptSignedResponse: saml.acceptSignedResponse === true },
  });
}

/**
 * The SAML 2.0 side of the sign-in flows: the settings kept for an account (metadata as given and
 * what was read from it), the start (an AuthnRequest whose id the flow remembers), and the
 * checked answer. The IdP's metadata is read when the configuration is saved or tested; sign-ins
 * use the certificates read then (saving again refreshes them).
 */
import { SsoDefaults } from '@console/contract';
import {
  readIdpMetadata,
  samlAuthnRequestUrl,
  type TIdpMetadata,
  type TServiceProvider,
  validateSamlResponse,
} from './saml';
import type { TSsoConfigRow } from './sso.repository';

export type TSamlSettings = {
  metadataUrl: string | null;
  metadataXml: string | null;
  idp: TIdpMetadata;
  usernameAttribute: string;
};

const metadataTimeoutMs = 10_000;

/** Reads the IdP metadata of a submitted form; a given entity id overrides the metadata's. */
export async function readSamlSettings(input: {
  metadataUrl?: string | undefined;
  metadataXml?: string | undefined;
  idpEntityId?: string | undefined;
  usernameAttribute: string;
}): Promise<TSamlSettings> {
  const metadataUrl = input.metadataUrl?.trim() || null;
  const metadataXml = metadataUrl ? null : input.metadataXml?.trim() || null;
  const idp = await readIdpMetadata({ url: metadataUrl, xml: metadataXml }, metadataTimeoutMs);
  const entityId = input.idpEntityId?.trim();
  return {
    metadataUrl,
    metadataXml,
    idp: entityId ? { ...idp, entityId } : idp,
    usernameAttribute: input.usernameAttribute,
  };
}

/** The stored SAML settings of an account, when complete. */
export function samlSettingsOf(row: TSsoConfigRow): TSamlSettings | null {
  if (!row.samlIdpEntityId || !row.samlIdpSsoUrl || !row.samlIdpCerts?.length) return null;
  return {
    metadataUrl: row.samlMetadataUrl,
    metadataXml: row.samlMetadataXml,
    idp: { entityId: row.samlIdpEntityId, ssoUrl: row.samlIdpSsoUrl, certificates: row.samlIdpCerts },
    usernameAttribute: row.samlUsernameAttribute ?? SsoDefaults.usernameAttribute,
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
  });
}

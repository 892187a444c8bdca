/**
 * Single sign-on configuration of an account (spec sections 3 "SSO info", 7 "SSO"): the
 * administrator's settings (OpenID Connect or SAML 2.0), checked against the provider when saved
 * or tested, and our SAML SP metadata for the account.
 */
import type { TSsoConfig } from '@console/contract';
import { SsoDefaults, type ZSaveSsoConfigRequest } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import type { z } from 'zod';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { isPhraseRef, translatePhrase, translateValidation } from '../../i18n';
import { type OutboundAddressError, outboundFetch, outboundRefusalOf } from '../../lib/outbound';
import { findAccountByName } from '../account';
import { writeAudit } from '../audit';
import { briefOf, findAccountUser, SsoFailure, type TNamedAccount } from '../external-sign-in';
import { checkOidcIssuer, type TOidcSettings } from './oidc';
import { serviceProviderMetadata } from './saml';
import { metadataUrlForRecord, readSamlSettings, type TSamlSettings } from './saml-flow';
import { findSsoConfig, type TSsoConfigRow, upsertSsoConfig } from './sso.repository';
import { accountOf, outboundOf, serviceProviderOf, type TTestedConfig } from './sso-settings';
import { startSignIn } from './sso-sign-in.service';
import { SsoSourceError } from './sso-source-problem';

type TSaveInput = z.output<typeof ZSaveSsoConfigRequest>;

/** The answer to a request the outbound rule refused (never a 500). */
function addressNotAllowed(refusal: OutboundAddressError): AppError {
  return new AppError(ErrorCode.outboundAddressNotAllowed, {
    params: { host: refusal.host, address: refusal.address },
    cause: refusal,
  });
}

/**
 * Our SAML SP metadata for an account named at login (it says whether assertions must be signed,
 * as the account's setting says); null when no account has that name.
 */
export async function accountSpMetadata(
  deps: TDeps,
  accountName: string,
): Promise<{ accountName: string; xml: string } | null> {
  const account = await findAccountByName(deps.db, accountName);
  if (!account) return null;
  const row = await findSsoConfig(deps.db, account.id);
  const sp = serviceProviderOf(deps, account.name);
  return {
    accountName: account.name,
    xml: serviceProviderMetadata(
      { entityId: sp.entityId, acsUrl: sp.acsUrl },
      { acceptSignedResponse: row?.samlAcceptSignedResponse ?? false },
    ),
  };
}

/**
 * The last metadata refresh's failure in the language: a stored phrase (which host could not be
 * reached and why) in words, an older stored text as it is.
 */
function metadataErrorText(lang: TLanguage, stored: string | null): string | null {
  if (stored === null || !stored.startsWith('{')) return stored;
  try {
    const phrase: unknown = JSON.parse(stored);
    return isPhraseRef(phrase) ? translatePhrase(lang, phrase) : stored;
  } catch {
    return stored;
  }
}

function toView(
  deps: TDeps,
  account: TNamedAccount,
  row: TSsoConfigRow | null,
  updatedBy: string | null,
  lang: TLanguage,
): TSsoConfig {
  return {
    isConfigured: row !== null,
    protocol: row?.protocol ?? 'OIDC',
    enabled: row?.enabled ?? false,
    supportAdminLogin: row && !row.supportAdminLogin ? 0 : 1,
    jitProvisioning: row?.jitProvisioning ?? false,
    oidc:
      row?.oidcIssuer && row.oidcClientId
        ? {
            issuer: row.oidcIssuer,
            clientId: row.oidcClientId,
            hasClientSecret: row.oidcClientSecret !== null,
            scopes: row.oidcScopes ?? SsoDefaults.scopes,
            usernameClaim: row.oidcUsernameClaim ?? SsoDefaults.usernameClaim,
          }
        : null,
    saml: row?.samlIdpEntityId
      ? {
          metadataUrl: row.samlMetadataUrl,
          metadataXml: row.samlMetadataXml,
          idpEntityId: row.samlIdpEntityId,
          idpSsoUrl: row.samlIdpSsoUrl,
          idpCertificates: row.samlIdpCerts?.length ?? 0,
          usernameAttribute: row.samlUsernameAttribute ?? SsoDefaults.usernameAttribute,
          acceptSignedResponse: row.samlAcceptSignedResponse,
          metadataCheckedAt: row.samlMetadataCheckedAt?.toISOString() ?? null,
          metadataError: metadataErrorText(lang, row.samlMetadataError),
        }
      : null,
    sp: serviceProviderOf(deps, account.name),
    updateTime: row ? row.updatedAt.toISOString() : null,
    updatedBy,
  };
}

export async function getSsoConfig(deps: TDeps, auth: TAuth, lang: TLanguage): Promise<TSsoConfig> {
  const account = await accountOf(deps, auth.accountId);
  const row = await findSsoConfig(deps.db, auth.accountId);
  const editor = row?.updatedBy ? await findAccountUser(deps, auth.accountId, row.updatedBy) : null;
  return toView(deps, account, row, editor?.username ?? null, lang);
}

type TResolved = { oidc: TOidcSettings | null; saml: TSamlSettings | null; sealedSecret: string | null };

/**
 * The settings of a submitted form, checked against the provider: OpenID discovery runs, SAML
 * metadata is read. An empty client secret keeps the stored one.
 */
async function resolveSettings(
  deps: TDeps,
  input: TSaveInput,
  stored: TSsoConfigRow | null,
  lang: TLanguage,
): Promise<TResolved> {
  const required = (field: string) =>
    new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: { [field]: translateValidation(lang, 'required') } },
    });
  if (input.protocol === 'OIDC') {
    const oidc = input.oidc;
    if (!oidc) throw required('oidc');
    const given = oidc.clientSecret?.trim() ? oidc.clientSecret : null;
    const storedSecret = stored?.oidcClientSecret ? deps.secrets.open(stored.oidcClientSecret) : null;
    const secret = given ?? storedSecret;
    if (!secret) throw required('oidc.clientSecret');
    const settings: TOidcSettings = {
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: secret,
      scopes: oidc.scopes,
      usernameClaim: oidc.usernameClaim,
    };
    const problem = await checkOidcIssuer(settings, outboundOf(deps));
    if (problem?.refusal) throw addressNotAllowed(problem.refusal);
    if (problem) {
      throw new AppError(ErrorCode.ssoProviderInvalid, {
        params: { detail: problem.phrase },
        cause: problem.detail,
      });
    }
    return {
      oidc: settings,
      saml: null,
      sealedSecret: given ? deps.secrets.seal(given) : (stored?.oidcClientSecret ?? null),
    };
  }
  const saml = input.saml;
  if (!saml) throw required('saml');
  try {
    return {
      oidc: null,
      saml: await readSamlSettings(saml, outboundFetch(outboundOf(deps))),
      sealedSecret: stored?.oidcClientSecret ?? null,
    };
  } catch (error) {
    const refusal = outboundRefusalOf(error);
    if (refusal) throw addressNotAllowed(refusal);
    // Which host could not be reached and why, or what the metadata lacks, in the user's words.
    const detail =
      error instanceof SsoSourceError
        ? error.phrase
        : error instanceof Error
          ? error.message.slice(0, 300)
          : String(error);
    throw new AppError(ErrorCode.ssoProviderInvalid, { params: { detail }, cause: error });
  }
}

export async function saveSsoConfig(
  deps: TDeps,
  auth: TAuth,
  body: TSaveInput,
  meta: TRequestMeta,
  lang: TLanguage,
): Promise<TSsoConfig> {
  const account = await accountOf(deps, auth.accountId);
  const stored = await findSsoConfig(deps.db, auth.accountId);
  const resolved = await resolveSettings(deps, body, stored, lang);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertSsoConfig(tx, {
      accountId: auth.accountId,
      protocol: body.protocol,
      enabled: body.enabled,
      supportAdminLogin: body.supportAdminLogin === 1,
      jitProvisioning: body.jitProvisioning,
      // The other protocol's settings are kept, so that switching back needs no retyping.
      oidcIssuer: resolved.oidc?.issuer ?? stored?.oidcIssuer ?? null,
      oidcClientId: resolved.oidc?.clientId ?? stored?.oidcClientId ?? null,
      oidcClientSecret: resolved.sealedSecret,
      oidcScopes: resolved.oidc?.scopes ?? stored?.oidcScopes ?? null,
      oidcUsernameClaim: resolved.oidc?.usernameClaim ?? stored?.oidcUsernameClaim ?? null,
      samlMetadataUrl: resolved.saml ? resolved.saml.metadataUrl : (stored?.samlMetadataUrl ?? null),
      samlMetadataXml: resolved.saml ? resolved.saml.metadataXml : (stored?.samlMetadataXml ?? null),
      samlIdpEntityId: resolved.saml?.idp.entityId ?? stored?.samlIdpEntityId ?? null,
      samlIdpSsoUrl: resolved.saml?.idp.ssoUrl ?? stored?.samlIdpSsoUrl ?? null,
      samlIdpCerts: resolved.saml?.idp.certificates ?? stored?.samlIdpCerts ?? null,
      samlUsernameAttribute: resolved.saml?.usernameAttribute ?? stored?.samlUsernameAttribute ?? null,
      samlAcceptSignedResponse: resolved.saml
        ? resolved.saml.acceptSignedResponse
        : (stored?.samlAcceptSignedResponse ?? false),
      // A metadata URL was read just now; pasted XML is never read again.
      samlMetadataCheckedAt: resolved.saml
        ? resolved.saml.metadataUrl
          ? now
          : null
        : (stored?.samlMetadataCheckedAt ?? null),
      samlMetadataError: resolved.saml ? null : (stored?.samlMetadataError ?? null),
      updatedAt: now,
      updatedBy: auth.userId,
    });
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'sso.config.update',
      objectType: 'sso',
      objectId: String(auth.accountId),
      objectName: body.protocol,
      isSuccess: true,
      info: {
        protocol: body.protocol,
        enabled: body.enabled,
        supportAdminLogin: body.supportAdminLogin,
        jitProvisioning: body.jitProvisioning,
        issuer: resolved.oidc?.issuer ?? null,
        idpEntityId: resolved.saml?.idp.entityId ?? null,
        metadataUrl: resolved.saml?.metadataUrl ? metadataUrlForRecord(resolved.saml.metadataUrl) : null,
        acceptSignedResponse: resolved.saml?.acceptSignedResponse ?? null,
        clientSecretChanged: Boolean(body.oidc?.clientSecret?.trim()),
      },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return toView(deps, account, await findSsoConfig(deps.db, auth.accountId), auth.username, lang);
}

/**
 * Starts a sign-in with the submitted (unsaved) configuration, to run in a popup: no setting is
 * changed, and its end creates no session. The administrator's browser is bound to the flow.
 */
export async function testSsoConfig(
  deps: TDeps,
  auth: TAuth,
  body: TSaveInput,
  meta: TRequestMeta,
  lang: TLanguage,
): Promise<{ redirectUrl: string; browserToken: string | null }> {
  const account = await accountOf(deps, auth.accountId);
  const stored = await findSsoConfig(deps.db, auth.accountId);
  const resolved = await resolveSettings(deps, body, stored, lang);
  const tested: TTestedConfig = { protocol: body.protocol, oidc: resolved.oidc, saml: resolved.saml };
  const started = await startSignIn(deps, account, tested, {
    kind: 'test',
    userId: auth.userId,
    returnTo: null,
  }).catch((error: unknown) => {
    if (error instanceof SsoFailure && error.key === '4135') {
      throw new AppError(ErrorCode.outboundAddressNotAllowed, { params: error.params });
    }
    // The provider stopped answering between the check and the start: a clear 4043, not a 500.
    const detail = error instanceof SsoFailure && error.key === '4043' ? error.params.detail : briefOf(error);
    throw new AppError(ErrorCode.ssoProviderInvalid, { params: { detail }, cause: error });
  });
  await writeAudit(deps.db, {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action: 'sso.config.test',
    objectType: 'sso',
    objectId: String(auth.accountId),
    objectName: body.protocol,
    isSuccess: true,
    info: { protocol: body.protocol },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: deps.clock.now(),
  });
  return started;
}

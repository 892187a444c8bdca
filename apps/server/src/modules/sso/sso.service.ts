/**
 * Single sign-on of an account (spec sections 1, 3 "SSO info", 6, 7 "SSO"): the administrator's
 * configuration (OpenID Connect or SAML 2.0), the login page's suitability lookup, and the
 * sign-in flows from the redirect to the identity provider until the session.
 */
import type { TSsoConfig, TSsoProtocol, TSsoSuite } from '@console/contract';
import { SsoDefaults, type ZSaveSsoConfigRequest } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import type { z } from 'zod';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { translateError, translateValidation } from '../../i18n';
import {
  type OutboundAddressError,
  outboundFetch,
  outboundPolicyOf,
  outboundRefusalOf,
  type TOutboundPolicy,
} from '../../lib/outbound';
import { createToken, sha256 } from '../../lib/tokens';
import { writeAudit } from '../audit';

import { thirdPartyLoginOptions } from '../third-party/third-party.service';

[] as { provider: string; name: string; loginUrl: string }[];

import {
  checkOidcIssuer,
  oidcAuthorizationUrl,
  oidcCallback,
  outboundFailure,
  type TOidcSettings,
} from './oidc';
import { peekSamlResponse, serviceProviderMetadata, unsolicited } from './saml';
import {
  metadataUrlForRecord,
  readSamlSettings,
  samlFinish,
  samlSettingsOf,
  samlStart,
  type TSamlSettings,
} from './saml-flow';
import {
  findAccountById,
  findAccountByLoginName,
  findFlowByRequestIdHash,
  findSsoConfig,
  findUserById,
  rememberAssertion,
  type TNamedAccount,
  type TSsoConfigRow,
  upsertSsoConfig,
} from './sso.repository';
import { briefOf, SsoFailure } from './sso-failure';
import {
  asSsoFailure,
  failureMessage,
  failureRedirect,
  returnToOf,
  signInExternal,
  startFlow,
  successRedirect,
  takeFlow,
} from './sso-flow';

type TSaveInput = z.output<typeof ZSaveSsoConfigRequest>;

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
  const account = await findAccountByLoginName(deps.db, accountName);
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

function oidcSettingsOf(deps: TDeps, row: TSsoConfigRow): TOidcSettings | null {
  if (!row.oidcIssuer || !row.oidcClientId || !row.oidcClientSecret) return null;
  return {
    issuer: row.oidcIssuer,
    clientId: row.oidcClientId,
    clientSecret: deps.secrets.open(row.oidcClientSecret),
    scopes: row.oidcScopes ?? SsoDefaults.scopes,
    usernameClaim: row.oidcUsernameClaim ?? SsoDefaults.usernameClaim,
  };
}

async function accountOf(deps: TDeps, accountId: number): Promise<TNamedAccount> {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw new AppError(ErrorCode.notFound);
  return account;
}

function toView(
  deps: TDeps,
  account: TNamedAccount,
  row: TSsoConfigRow | null,
  updatedBy: string | null,
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
          metadataError: row.samlMetadataError,
        }
      : null,
    sp: serviceProviderOf(deps, account.name),
    updateTime: row ? row.updatedAt.toISOString() : null,
    updatedBy,
  };
}

export async function getSsoConfig(deps: TDeps, auth: TAuth): Promise<TSsoConfig> {
  const account = await accountOf(deps, auth.accountId);
  const row = await findSsoConfig(deps.db, auth.accountId);
  const editor = row?.updatedBy ? await findUserById(deps.db, auth.accountId, row.updatedBy) : null;
  return toView(deps, account, row, editor?.username ?? null);
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
    if (problem) throw new AppError(ErrorCode.ssoProviderInvalid, { params: { detail: problem.detail } });
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
    throw new AppError(ErrorCode.ssoProviderInvalid, {
      params: { detail: error instanceof Error ? error.message.slice(0, 300) : String(error) },
    });
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
  return toView(deps, account, await findSsoConfig(deps.db, auth.accountId), auth.username);
}

/** The tested configuration a test flow carries (sealed with the flow). */
type TTestedConfig = { protocol: TSsoProtocol; oidc: TOidcSettings | null; saml: TSamlSettings | null };

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
    throw new AppError(ErrorCode.ssoProviderInvalid, { params: { detail: briefOf(error) } });
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

/** Whether the stored configuration is on and complete for its protocol. */
function isSignInReady(row: TSsoConfigRow): boolean {
  if (!row.enabled) return false;
  return row.protocol === 'OIDC'
    ? Boolean(row.oidcIssuer && row.oidcClientId && row.oidcClientSecret)
    : samlSettingsOf(row) !== null;
}

function configuredOf(deps: TDeps, row: TSsoConfigRow | null): TTestedConfig | null {
  if (!row || !isSignInReady(row)) return null;
  if (row.protocol === 'OIDC') {
    const oidc = oidcSettingsOf(deps, row);
    return oidc ? { protocol: 'OIDC', oidc, saml: null } : null;
  }
  const saml = samlSettingsOf(row);
  return saml ? { protocol: 'SAML2', oidc: null, saml } : null;
}

/** Spec section 3 "SSO info" for the login page (an unknown account is simply not suitable). */
export async function ssoSuite(deps: TDeps, accountName: string): Promise<TSsoSuite> {
  const account = await findAccountByLoginName(deps.db, accountName);
  if (!account) return { ssoSuitable: false, supportAdminLogin: 1, redirectUrl: null, thirdParty: [] };
  const row = await findSsoConfig(deps.db, account.id);
  // Public and asked on every login page: decides without opening the sealed secret.
  const isSuitable = row !== null && isSignInReady(row);
  return {
    ssoSuitable: isSuitable,
    supportAdminLogin: row && isSuitable && !row.supportAdminLogin ? 0 : 1,
    redirectUrl: isSuitable
      ? `/api/portal/sso/suite/authentication?accountName=${encodeURIComponent(accountName.trim())}`
      : null,
    thirdParty: await thirdPartyLoginOptions(deps, account),
  };
}

async function startSignIn(
  deps: TDeps,
  account: TNamedAccount,
  config: TTestedConfig,
  options: { kind: 'login' | 'test'; userId: number | null; returnTo: string | null },
): Promise<{ redirectUrl: string; browserToken: string | null }> {
  const sp = serviceProviderOf(deps, account.name);
  if (config.protocol === 'OIDC' && config.oidc) {
    const oidc = config.oidc;
    return startFlowWith(deps, account, config, options, async (state) => {
      try {
        const start = await oidcAuthorizationUrl(oidc, outboundOf(deps), sp.redirectUri, state);
        return {
          url: start.url,
          secrets: { codeVerifier: start.codeVerifier, nonce: start.nonce },
          requestId: null,
        };
      } catch (error) {
        const refusal = outboundRefusalOf(error);
        if (refusal) throw outboundFailure(refusal);
        // Discovery failed: the provider is down or its address is wrong.
        throw new SsoFailure('4043', { detail: briefOf(error) }, briefOf(error));
      }
    });
  }
  if (config.protocol === 'SAML2' && config.saml) {
    const saml = config.saml;
    return startFlowWith(deps, account, config, options, (state) => samlStart(sp, saml, state), false);
  }
  throw new SsoFailure('4042');
}

/**
 * Creates the flow around a protocol's start: the protocol builds its URL from the state and
 * answers what the flow must remember.
 */
async function startFlowWith(
  deps: TDeps,
  account: TNamedAccount,
  config: TTestedConfig,
  options: { kind: 'login' | 'test'; userId: number | null; returnTo: string | null },
  build: (
    state: string,
  ) => Promise<{ url: string; secrets: Record<string, unknown>; requestId: string | null }>,
  bindBrowser = true,
): Promise<{ redirectUrl: string; browserToken: string | null }> {
  const state = createToken();
  const built = await build(state);
  const { browserToken } = await startFlow(deps, {
    kind: options.kind,
    protocol: config.protocol,
    accountId: account.id,
    userId: options.userId,
    secrets: { ...built.secrets, ...(options.kind === 'test' ? { tested: config } : {}) },
    requestId: built.requestId,
    returnTo: options.returnTo,
    bindBrowser,
    state,
  });
  return { redirectUrl: built.url, browserToken };
}

/** Where a flow's end sends the browser, and the session it opens (none for a test). */
export type TFlowOutcome =
  | { type: 'redirect'; location: string; session: { token: string; expiresAt: Date } | null }
  | { type: 'page'; html: string };

type TLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Refusals that `signInExternal` has audited already. */
const userRefusals: readonly string[] = ['ssoUnknownUser', 'ssoUserDisabled', 'ssoUserUnavailable'];

async function auditRefusal(
  deps: TDeps,
  accountId: number | null,
  method: string,
  failure: SsoFailure,
  meta: TRequestMeta,
): Promise<void> {
  if (accountId === null || userRefusals.includes(failure.key)) return;
  await writeAudit(deps.db, {
    accountId,
    userId: null,
    username: '',
    action: 'auth.login',
    objectType: 'session',
    objectName: method,
    isSuccess: false,
    info: { method, reason: failure.key },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: deps.clock.now(),
  });
}

/** GET /sso/suite/authentication: to the identity provider, or to /sso-error. */
export async function startSsoAuthentication(
  deps: TDeps,
  query: { accountName: string; fallbackUrl?: string | undefined; redirect?: string | undefined },
  lang: TLanguage,
  log: TLog,
): Promise<{ location: string; browserToken: string | null }> {
  try {
    const account = await findAccountByLoginName(deps.db, query.accountName);
    const config = account ? configuredOf(deps, await findSsoConfig(deps.db, account.id)) : null;
    if (!account || !config) throw new SsoFailure('4042');
    const started = await startSignIn(deps, account, config, {
      kind: 'login',
      userId: null,
      returnTo: returnToOf(deps, query.fallbackUrl, query.redirect),
    });
    return { location: started.redirectUrl, browserToken: started.browserToken };
  } catch (error) {
    const failure = asSsoFailure(error);
    log.warn({ reason: failure.key, detail: failure.detail }, 'single sign-on not started');
    return { location: failureRedirect(lang, failure), browserToken: null };
  }
}

/** The end of a flow: a session and the console (or the allowed fallback URL), or the refusal. */
async function finishFlow(
  deps: TDeps,
  input: {
    protocol: TSsoProtocol;
    take: () => Promise<{
      flow: { kind: string; accountId: number; returnTo: string | null };
      secrets: Record<string, unknown>;
    }>;
    identify: (
      config: TTestedConfig,
      secrets: Record<string, unknown>,
      account: TNamedAccount,
    ) => Promise<string>;
    /** The account a refusal before the flow was found is recorded in, when the answer names one. */
    accountOfRefusal?: () => Promise<number | null>;
  },
  meta: TRequestMeta,
  lang: TLanguage,
  log: TLog,
): Promise<TFlowOutcome> {
  const method = input.protocol === 'OIDC' ? 'sso_oidc' : 'sso_saml';
  let isTest = false;
  let accountId: number | null = null;
  try {
    const { flow, secrets } = await input.take();
    isTest = flow.kind === 'test';
    accountId = flow.accountId;
    const account = await accountOf(deps, flow.accountId);
    const row = await findSsoConfig(deps.db, account.id);
    const config = isTest ? (secrets.tested as TTestedConfig) : configuredOf(deps, row);
    if (!config || config.protocol !== input.protocol) throw new SsoFailure('4042');
    const username = await input.identify(config, secrets, account);
    if (isTest) {
      log.info({ method, accountId }, 'single sign-on test succeeded');
      return {
        type: 'page',
        html: testResultPage(lang, {
          ok: true,
          username,
          message: translateError(lang, 'ssoTestSucceeded', { username }),
        }),
      };
    }
    const result = await signInExternal(
      deps,
      { account, username, method, jit: row?.jitProvisioning ?? false },
      meta,
    );
    if (!result.token || !result.expiresAt) throw new SsoFailure('4044');
    return {
      type: 'redirect',
      location: successRedirect(deps, account.id, flow.returnTo, result.token),
      session: { token: result.token, expiresAt: result.expiresAt },
    };
  } catch (error) {
    const failure = asSsoFailure(error);
    if (accountId === null && input.accountOfRefusal) {
      accountId = await input.accountOfRefusal().catch(() => null);
    }
    log.warn({ method, accountId, reason: failure.key, detail: failure.detail }, 'single sign-on refused');
    await auditRefusal(deps, accountId, method, failure, meta).catch(() => {});
    if (isTest) {
      return {
        type: 'page',
        html: testResultPage(lang, { ok: false, username: null, message: failureMessage(lang, failure) }),
      };
    }
    return { type: 'redirect', location: failureRedirect(lang, failure), session: null };
  }
}

/** GET /sso/oidc/callback. */
export function completeOidc(
  deps: TDeps,
  query: { state?: string | undefined },
  callbackUrl: URL,
  browserToken: string | null,
  meta: TRequestMeta,
  lang: TLanguage,
  log: TLog,
): Promise<TFlowOutcome> {
  return finishFlow(
    deps,
    {
      protocol: 'OIDC',
      take: () => takeFlow(deps, query.state, browserToken, ['login', 'test']),
      identify: async (config, secrets) => {
        if (!config.oidc) throw new SsoFailure('4042');
        const { username } = await oidcCallback(config.oidc, outboundOf(deps), {
          callbackUrl,
          state: query.state ?? '',
          codeVerifier: String(secrets.codeVerifier),
          nonce: String(secrets.nonce),
        });
        return username;
      },
    },
    meta,
    lang,
    log,
  );
}

/**
 * The account whose SP entity id an answer's audience names (only to record a refusal that came
 * before any flow was found in that account's audit log; nothing is trusted from it).
 */
async function accountOfAudience(deps: TDeps, audiences: readonly string[]): Promise<number | null> {
  const prefix = serviceProviderOf(deps, '').entityId;
  for (const audience of audiences.slice(0, 3)) {
    if (!audience.startsWith(prefix) || audience.length > prefix.length + 200) continue;
    let name: string;
    try {
      name = decodeURIComponent(audience.slice(prefix.length));
    } catch {
      continue;
    }
    const account = name ? await findAccountByLoginName(deps.db, name) : null;
    if (account && serviceProviderOf(deps, account.name).entityId === audience) return account.id;
  }
  return null;
}

/**
 * POST /sso/saml/acs. An answer that names no request (IdP-initiated), or one whose RelayState
 * names no flow and whose InResponseTo names no request the console made, is unsolicited.
 */
export function completeSaml(
  deps: TDeps,
  body: { SAMLResponse: string; RelayState?: string | undefined },
  meta: TRequestMeta,
  lang: TLanguage,
  log: TLog,
): Promise<TFlowOutcome> {
  const peeked = peekSamlResponse(body.SAMLResponse);
  return finishFlow(
    deps,
    {
      protocol: 'SAML2',
      take: async () => {
        if (peeked && peeked.inResponseTo === null) {
          throw unsolicited('the response has no InResponseTo (IdP-initiated)');
        }
        try {
          return await takeFlow(deps, body.RelayState, null, ['login', 'test']);
        } catch (error) {
          // The flow of this answer was completed already: the same response posted again.
          if (error instanceof SsoFailure && error.key === 'ssoFlowExpired' && error.detail === 'flow used') {
            throw new SsoFailure('ssoReplayed', {}, 'flow used');
          }
          if (
            error instanceof SsoFailure &&
            error.key === 'ssoStateMismatch' &&
            peeked?.inResponseTo &&
            !(await findFlowByRequestIdHash(deps.db, sha256(peeked.inResponseTo)))
          ) {
            throw unsolicited(`no request of the console has the InResponseTo (${error.detail ?? ''})`);
          }
          throw error;
        }
      },
      accountOfRefusal: () => accountOfAudience(deps, peeked?.audiences ?? []),
      identify: async (config, secrets, account) => {
        if (!config.saml) throw new SsoFailure('4042');
        const sp = serviceProviderOf(deps, account.name);
        const result = await samlFinish(sp, config.saml, body.SAMLResponse, String(secrets.requestId));
        const isFirstUse = await rememberAssertion(
          deps.db,
          account.id,
          sha256(result.assertionId),
          result.expiresAt,
        );
        if (!isFirstUse) throw new SsoFailure('ssoReplayed', {}, 'assertion id seen before');
        return result.username;
      },
    },
    meta,
    lang,
    log,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The end of a test run in its popup: the result as text, posted to the console window that
 * opened it (same origin only), then the popup closes.
 */
export function testResultPage(
  lang: TLanguage,
  result: { ok: boolean; username: string | null; message: string },
): string {
  const payload = JSON.stringify({ type: 'cz-sso-test', ...result }).replace(/</g, '\\u003c');
  const title = lang === 'en-US' ? 'Single sign-on test' : '单点登录测试';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title>
<style>body{font:14px/1.6 system-ui,sans-serif;margin:40px;color:#1f2329}.ok{color:#0f7b3f}.fail{color:#c4271d}</style>
</head><body>
<h1>${title}</h1>
<p class="${result.ok ? 'ok' : 'fail'}" data-testid="sso-test-page-result">${escapeHtml(result.message)}</p>
<script>
(function () {
  var result = ${payload};
  try {
    if (window.opener) {
      window.opener.postMessage(result, window.location.origin);
      setTimeout(function () { window.close(); }, 300);
    }
  } catch (e) {}
})();
</script>
</body></html>`;
}

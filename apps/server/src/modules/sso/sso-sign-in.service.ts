/**
 * Single sign-on of an account (spec sections 1, 3 "SSO info", 6): the login page's suitability
 * lookup, and the sign-in flows from the redirect to the identity provider until the session (or,
 * for an administrator's test run, the result page).
 */
import type { TSsoProtocol, TSsoSuite } from '@console/contract';
import type { TLanguage } from '@console/contract/enums';
import type { TDeps, TRequestMeta } from '../../context';
import { translateError } from '../../i18n';
import { outboundRefusalOf } from '../../lib/outbound';
import { createToken, sha256 } from '../../lib/tokens';
import { findAccountByName } from '../account';
import { writeAudit } from '../audit';
import {
  asSsoFailure,
  briefOf,
  failureMessage,
  failureRedirect,
  isKnownSamlRequest,
  returnToOf,
  SsoFailure,
  signInExternal,
  startFlow,
  successRedirect,
  type TNamedAccount,
  takeFlow,
} from '../external-sign-in';
import { thirdPartyLoginOptions } from '../third-party';
import { oidcAuthorizationUrl, oidcCallback, outboundFailure } from './oidc';
import { samlFinish, samlStart } from './saml-flow';
import { peekSamlResponse, unsolicited } from './saml-response';
import { findSsoConfig, rememberAssertion } from './sso.repository';
import {
  accountOf,
  configuredOf,
  isSignInReady,
  outboundOf,
  serviceProviderOf,
  type TTestedConfig,
} from './sso-settings';
import { discoveryProblemOf } from './sso-source-problem';

/** Spec section 3 "SSO info" for the login page (an unknown account is simply not suitable). */
export async function ssoSuite(deps: TDeps, accountName: string): Promise<TSsoSuite> {
  const account = await findAccountByName(deps.db, accountName);
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
    passkeySignIn: account.passkeySignIn && !isSuitable,
  };
}

/** Starts a sign-in (or a test run) with the given settings: the provider's address, and the browser binding. */
export async function startSignIn(
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
        // Discovery failed: the provider is down or its address is wrong (which host, and why).
        throw new SsoFailure('4043', { detail: discoveryProblemOf(error, oidc.issuer) }, briefOf(error));
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
    const account = await findAccountByName(deps.db, query.accountName);
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
    const account = name ? await findAccountByName(deps.db, name) : null;
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
            !(await isKnownSamlRequest(deps, peeked.inResponseTo))
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

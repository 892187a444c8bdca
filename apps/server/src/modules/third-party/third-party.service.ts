/**
 * Third-party binding and sign-in (spec section 7 "Third party"): a user binds an identity of a
 * workplace-messaging provider configured by the deployment (OAuth 2.0), unbinds it, and signs in
 * through it when the account's administrator allows third-party sign-in.
 *
 * Both the binding and the sign-in cross the provider in a single-use flow bound to the browser
 * (see modules/external-sign-in); the provider's answer comes back to one redirect URI for every
 * provider.
 */
import type { TUserBindingConfig } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import type { TThirdPartyProvider } from '../../config';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createToken } from '../../lib/tokens';
import { findAccountById, findAccountByName } from '../account';
import { writeAudit } from '../audit';
import {
  asSsoFailure,
  consolePathOf,
  failureMessage,
  failureRedirect,
  findAccountUser,
  flowOfState,
  returnToOf,
  SsoFailure,
  signInExternal,
  startFlow,
  successRedirect,
  type TNamedAccount,
  takeFlow,
} from '../external-sign-in';
import { authorizationUrl, exchangeCode } from './third-party.oauth';
import {
  deleteBinding,
  findBindingBySubject,
  isLoginEnabled,
  listBindings,
  upsertBinding,
  upsertLoginEnabled,
} from './third-party.repository';

type TLog = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** Where a flow's start or end sends the browser, and the session a sign-in opens. */
export type TThirdPartyOutcome = { location: string; session: { token: string; expiresAt: Date } | null };

const protocolPrefix = 'third_party:';

/** The deployment's provider of an id (ids are lower case), or null. */
export function providerOf(deps: TDeps, id: string): TThirdPartyProvider | null {
  const wanted = id.trim().toLowerCase();
  return deps.config.thirdParty.find((p) => p.id === wanted) ?? null;
}

/** The redirect URI registered at every provider. */
export function thirdPartyRedirectUri(deps: TDeps): string {
  return `${deps.config.publicUrl}/api/portal/thirdparty/callback`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The third-party sign-ins the login page offers for an account (none while the account has them off). */
export async function thirdPartyLoginOptions(
  deps: TDeps,
  account: { id: number; name: string },
): Promise<{ provider: string; name: string; loginUrl: string }[]> {
  if (deps.config.thirdParty.length === 0) return [];
  if (!(await isLoginEnabled(deps.db, account.id))) return [];
  return deps.config.thirdParty.map((p) => ({
    provider: p.id,
    name: p.name,
    loginUrl: `/api/portal/thirdparty/login?provider=${encodeURIComponent(p.id)}&accountName=${encodeURIComponent(account.name)}`,
  }));
}

export async function getUserBindingConfig(deps: TDeps, auth: TAuth): Promise<TUserBindingConfig> {
  const [loginEnabled, bindings] = await Promise.all([
    isLoginEnabled(deps.db, auth.accountId),
    listBindings(deps.db, auth.accountId, auth.userId),
  ]);
  return {
    loginEnabled,
    providers: deps.config.thirdParty.map((p) => {
      const binding = bindings.find((b) => b.provider === p.id);
      return {
        provider: p.id,
        name: p.name,
        isBound: binding !== undefined,
        externalName: binding?.externalName ?? null,
        bindTime: binding ? binding.createdAt.toISOString() : null,
      };
    }),
  };
}

/** Removes the caller's binding of a provider (also of a provider the deployment no longer offers). */
export async function unbindThirdParty(
  deps: TDeps,
  auth: TAuth,
  providerId: string,
  meta: TRequestMeta,
): Promise<TUserBindingConfig> {
  const provider = providerId.trim().toLowerCase();
  await deps.db.transaction(async (tx) => {
    const removed = await deleteBinding(tx, auth.accountId, auth.userId, provider);
    if (!removed) {
      throw new AppError(
        providerOf(deps, provider) ? ErrorCode.thirdPartyNotBound : ErrorCode.thirdPartyUnavailable,
      );
    }
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'thirdparty.unbind',
      objectType: 'user',
      objectId: String(auth.userId),
      objectName: auth.username,
      isSuccess: true,
      info: { provider, externalName: removed.externalName },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: deps.clock.now(),
    });
  });
  return getUserBindingConfig(deps, auth);
}

/** Turns third-party sign-in on or off for the caller's account (administrators). */
export async function setThirdPartyLoginStatus(
  deps: TDeps,
  auth: TAuth,
  enabled: boolean,
  meta: TRequestMeta,
): Promise<{ enabled: boolean }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await upsertLoginEnabled(tx, {
      accountId: auth.accountId,
      loginEnabled: enabled,
      updatedAt: now,
      updatedBy: auth.userId,
    });
    await writeAudit(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      username: auth.username,
      action: 'thirdparty.login_status.update',
      objectType: 'account',
      objectId: String(auth.accountId),
      isSuccess: true,
      info: { enabled },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return { enabled };
}

/** The account-center address of a binding's end (prefixed on-premise). */
function accountInfoPath(deps: TDeps, accountId: number, query: string): string {
  return consolePathOf(deps, accountId, `/accountManage/accountInfo?${query}`);
}

function bindErrorPath(deps: TDeps, accountId: number, lang: TLanguage, failure: SsoFailure): string {
  return accountInfoPath(
    deps,
    accountId,
    `thirdPartyError=${encodeURIComponent(failureMessage(lang, failure))}`,
  );
}

/** Creates a flow around the provider's authorization URL. */
async function startProviderFlow(
  deps: TDeps,
  provider: TThirdPartyProvider,
  input: {
    kind: 'bind' | 'third_party_login';
    accountId: number;
    userId: number | null;
    returnTo: string | null;
  },
): Promise<{ location: string; browserToken: string | null }> {
  const state = createToken();
  const start = await authorizationUrl(provider, thirdPartyRedirectUri(deps), state);
  const { browserToken } = await startFlow(deps, {
    kind: input.kind,
    protocol: `${protocolPrefix}${provider.id}`,
    accountId: input.accountId,
    userId: input.userId,
    secrets: { codeVerifier: start.codeVerifier },
    returnTo: input.returnTo,
    state,
  });
  return { location: start.url, browserToken };
}

/** GET /thirdparty/bind: to the provider, binding its identity to the caller at the end. */
export async function startThirdPartyBind(
  deps: TDeps,
  auth: TAuth,
  providerId: string,
  lang: TLanguage,
  log: TLog,
): Promise<{ location: string; browserToken: string | null }> {
  try {
    const provider = providerOf(deps, providerId);
    if (!provider) throw new SsoFailure('4045', {}, `unknown provider ${providerId.slice(0, 64)}`);
    return await startProviderFlow(deps, provider, {
      kind: 'bind',
      accountId: auth.accountId,
      userId: auth.userId,
      returnTo: null,
    });
  } catch (error) {
    const failure = asSsoFailure(error);
    log.warn({ reason: failure.key, detail: failure.detail }, 'third-party binding not started');
    return { location: bindErrorPath(deps, auth.accountId, lang, failure), browserToken: null };
  }
}

/** GET /thirdparty/login: to the provider when the account allows third-party sign-in, else to /sso-error. */
export async function startThirdPartyLogin(
  deps: TDeps,
  query: {
    provider: string;
    accountName: string;
    fallbackUrl?: string | undefined;
    redirect?: string | undefined;
  },
  lang: TLanguage,
  log: TLog,
): Promise<{ location: string; browserToken: string | null }> {
  try {
    const provider = providerOf(deps, query.provider);
    const account = await findAccountByName(deps.db, query.accountName);
    if (!provider || !account || !(await isLoginEnabled(deps.db, account.id))) {
      throw new SsoFailure('4045', {}, 'provider unknown, account unknown or third-party sign-in off');
    }
    return await startProviderFlow(deps, provider, {
      kind: 'third_party_login',
      accountId: account.id,
      userId: null,
      returnTo: returnToOf(deps, query.fallbackUrl, query.redirect),
    });
  } catch (error) {
    const failure = asSsoFailure(error);
    log.warn({ reason: failure.key, detail: failure.detail }, 'third-party sign-in not started');
    return { location: failureRedirect(lang, failure), browserToken: null };
  }
}

/** Refusals that `signInExternal` has audited already. */
const userRefusals: readonly string[] = ['ssoUnknownUser', 'ssoUserDisabled', 'ssoUserUnavailable'];

/**
 * GET /thirdparty/callback: completes the binding (back to the account center) or the sign-in
 * (a session and the console, or /sso-error).
 */
export async function completeThirdParty(
  deps: TDeps,
  query: { state?: string | undefined },
  callbackUrl: URL,
  browserToken: string | null,
  meta: TRequestMeta,
  lang: TLanguage,
  log: TLog,
): Promise<TThirdPartyOutcome> {
  // Which flow the answer belongs to decides where a refusal is shown, even when it cannot be used.
  const known = await flowOfState(deps, query.state);
  let context: { accountId: number; userId: number | null; provider: string | null } | null = null;
  try {
    const { flow, secrets } = await takeFlow(deps, query.state, browserToken, ['bind', 'third_party_login']);
    const providerId = flow.protocol.startsWith(protocolPrefix)
      ? flow.protocol.slice(protocolPrefix.length)
      : '';
    context = { accountId: flow.accountId, userId: flow.userId, provider: providerId };
    const provider = providerOf(deps, providerId);
    if (!provider) throw new SsoFailure('4045', {}, `provider ${providerId} no longer configured`);
    if (flow.kind === 'third_party_login' && !(await isLoginEnabled(deps.db, flow.accountId))) {
      throw new SsoFailure('4045', {}, 'third-party sign-in turned off during the flow');
    }
    const identity = await exchangeCode(provider, {
      callbackUrl,
      redirectUri: thirdPartyRedirectUri(deps),
      state: query.state ?? '',
      codeVerifier: String(secrets.codeVerifier),
    });
    if (flow.kind === 'bind') {
      await bindIdentity(deps, { accountId: flow.accountId, userId: flow.userId }, provider, identity, meta);
      log.info({ accountId: flow.accountId, provider: provider.id }, 'third-party identity bound');
      return {
        location: accountInfoPath(deps, flow.accountId, `thirdPartyBound=${encodeURIComponent(provider.id)}`),
        session: null,
      };
    }
    const account = await findAccountById(deps.db, flow.accountId);
    if (!account) throw new SsoFailure('4045', {}, 'account gone');
    const binding = await findBindingBySubject(deps.db, account.id, provider.id, identity.subject);
    const user = binding ? await findAccountUser(deps, account.id, binding.userId) : null;
    if (!user) throw new SsoFailure('thirdPartyNotBoundLogin', { provider: provider.name }, 'no binding');
    const result = await signIn(deps, account, user.username, provider, meta);
    return {
      location: successRedirect(deps, account.id, flow.returnTo, result.token),
      session: result,
    };
  } catch (error) {
    const failure = asSsoFailure(error);
    const kind = known?.kind ?? null;
    log.warn(
      { kind, accountId: known?.accountId ?? null, reason: failure.key, detail: failure.detail },
      kind === 'bind' ? 'third-party binding refused' : 'third-party sign-in refused',
    );
    await auditRefusal(deps, kind, context, failure, meta).catch(() => {});
    const location =
      kind === 'bind' && known
        ? bindErrorPath(deps, known.accountId, lang, failure)
        : failureRedirect(lang, failure);
    return { location, session: null };
  }
}

async function signIn(
  deps: TDeps,
  account: TNamedAccount,
  username: string,
  provider: TThirdPartyProvider,
  meta: TRequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const result = await signInExternal(
    deps,
    { account, username, method: `${protocolPrefix}${provider.id}`, jit: false },
    meta,
  );
  if (!result.token || !result.expiresAt) throw new SsoFailure('4044', {}, 'no session');
  return { token: result.token, expiresAt: result.expiresAt };
}

/**
 * Binds the identity to the flow's user: one identity per provider and user (a second binding
 * replaces the first), one user per identity in the account (4046 otherwise).
 */
async function bindIdentity(
  deps: TDeps,
  target: { accountId: number; userId: number | null },
  provider: TThirdPartyProvider,
  identity: { subject: string; externalName: string | null },
  meta: TRequestMeta,
): Promise<void> {
  const user = target.userId === null ? null : await findAccountUser(deps, target.accountId, target.userId);
  if (!user || user.isDeleted || user.kind === 'service') {
    throw new SsoFailure(
      'ssoUserUnavailable',
      { username: user?.username ?? '' },
      'binding user unavailable',
    );
  }
  if (!user.isEnabled) throw new SsoFailure('ssoUserDisabled', { username: user.username });
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const holder = await findBindingBySubject(tx, target.accountId, provider.id, identity.subject);
      if (holder && holder.userId !== user.id) throw new SsoFailure('4046', {}, 'bound to another user');
      await upsertBinding(tx, {
        accountId: target.accountId,
        userId: user.id,
        provider: provider.id,
        subject: identity.subject,
        externalName: identity.externalName,
        createdAt: now,
      });
      await writeAudit(tx, {
        accountId: target.accountId,
        userId: user.id,
        username: user.username,
        action: 'thirdparty.bind',
        objectType: 'user',
        objectId: String(user.id),
        objectName: user.username,
        isSuccess: true,
        info: { provider: provider.id, externalName: identity.externalName },
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: now,
      });
    });
  } catch (error) {
    // Another user bound the same identity at the same moment.
    if (isUniqueViolation(error)) throw new SsoFailure('4046', {}, 'bound to another user (concurrently)');
    throw error;
  }
}

/** A refused binding or sign-in in the account's audit log (when the flow named an account). */
async function auditRefusal(
  deps: TDeps,
  kind: string | null,
  context: { accountId: number; userId: number | null; provider: string | null } | null,
  failure: SsoFailure,
  meta: TRequestMeta,
): Promise<void> {
  const isBind = kind === 'bind';
  if (!context || (!isBind && userRefusals.includes(failure.key))) return;
  const user =
    isBind && context.userId !== null ? await findAccountUser(deps, context.accountId, context.userId) : null;
  await writeAudit(deps.db, {
    accountId: context.accountId,
    userId: user?.id ?? null,
    username: user?.username ?? '',
    action: isBind ? 'thirdparty.bind' : 'auth.login',
    objectType: isBind ? 'user' : 'session',
    objectId: user ? String(user.id) : null,
    objectName: user?.username ?? `${protocolPrefix}${context.provider ?? ''}`,
    isSuccess: false,
    info: { method: `${protocolPrefix}${context.provider ?? ''}`, reason: failure.key },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: deps.clock.now(),
  });
}

/**
 * What every sign-in through an outside identity (OpenID Connect, SAML 2.0, a third-party provider)
 * shares: the single-use flow between the redirect to the provider and its answer, the browser
 * binding cookie, matching the provider's username to a user of the account, the session, and
 * where the browser goes next.
 *
 * A flow is found by the digest of its `state` (OpenID, OAuth) or SAML RelayState, is used once,
 * and lives ten minutes. OpenID and OAuth flows are also bound to the browser that started them
 * by a cookie (a callback carrying another browser's state is refused); SAML answers arrive by a
 * cross-site POST that carries no SameSite=Lax cookie, so they are bound by InResponseTo instead.
 *
 * Single sign-on (modules/sso) and third-party sign-in (modules/third-party) both build on this
 * module; it knows neither.
 */
import { ErrorCode } from '@console/contract/codes';
import { AccountStatus, type TLanguage } from '@console/contract/enums';
import { isAllowedFallbackUrl, withToken } from '@console/contract/sso-rules';
import type { TDeps, TRequestMeta } from '../../context';
import { translateError } from '../../i18n';
import { createToken, sha256 } from '../../lib/tokens';
import { writeAudit } from '../audit';
import { attemptKey, finishLogin, type TLoginResult } from '../auth/auth.service';
import { grantRole, insertUser, memberRoleId } from '../user';
import { flowTtlMs } from './browser-cookie';
import {
  consumeFlow,
  findFlowByRequestIdHash,
  findFlowByStateHash,
  findFlowKind,
  findUserById,
  findUserByUsername,
  insertFlow,
  type TExternalUser,
  type TFlowKind,
  type TFlowRow,
} from './external-sign-in.repository';
import { briefOf, SsoFailure } from './sign-in-failure';

/** The account a sign-in names (an account row will do). */
export type TNamedAccount = { id: number; name: string; displayName: string; status: number };

type TFlowSecrets = Record<string, unknown>;

export async function startFlow(
  deps: TDeps,
  input: {
    kind: TFlowKind;
    protocol: string;
    accountId: number;
    userId: number | null;
    secrets: TFlowSecrets;
    /** SAML AuthnRequest id. */
    requestId?: string | null;
    returnTo?: string | null;
    /** False for SAML (its answer comes by a cross-site POST). */
    bindBrowser?: boolean;
    /** A state created beforehand (when the provider's URL had to be built first). */
    state?: string;
  },
): Promise<{ state: string; browserToken: string | null }> {
  const now = deps.clock.now();
  const state = input.state ?? createToken();
  const browserToken = input.bindBrowser === false ? null : createToken();
  await insertFlow(deps.db, {
    stateHash: sha256(state),
    kind: input.kind,
    protocol: input.protocol,
    accountId: input.accountId,
    userId: input.userId,
    secrets: deps.secrets.seal(JSON.stringify(input.secrets)),
    requestIdHash: input.requestId ? sha256(input.requestId) : null,
    returnTo: input.returnTo ?? null,
    browserHash: browserToken ? sha256(browserToken) : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + flowTtlMs),
  });
  return { state, browserToken };
}

/**
 * Uses the flow of `state` once. Unknown states (or one bound to another browser) are a state
 * mismatch; used or expired flows are an expired sign-in; a flow of another kind is unknown.
 */
export async function takeFlow(
  deps: TDeps,
  state: string | undefined,
  browserToken: string | null,
  kinds: readonly TFlowKind[],
): Promise<{ flow: TFlowRow; secrets: TFlowSecrets }> {
  if (!state) throw new SsoFailure('ssoStateMismatch', {}, 'no state');
  const stateHash = sha256(state);
  const flow = await consumeFlow(deps.db, stateHash, deps.clock.now());
  if (!flow) {
    // Why it cannot be used: unknown (or of another kind), used, or expired.
    const found = await findFlowByStateHash(deps.db, stateHash);
    if (!found || !kinds.includes(found.kind)) throw new SsoFailure('ssoStateMismatch', {}, 'unknown state');
    throw new SsoFailure('ssoFlowExpired', {}, `flow ${found.consumedAt ? 'used' : 'expired'}`);
  }
  if (!kinds.includes(flow.kind)) throw new SsoFailure('ssoStateMismatch', {}, 'unknown state');
  if (flow.browserHash && (!browserToken || !sha256(browserToken).equals(flow.browserHash))) {
    throw new SsoFailure('ssoStateMismatch', {}, 'browser binding cookie missing or different');
  }
  return { flow, secrets: JSON.parse(deps.secrets.open(flow.secrets)) as TFlowSecrets };
}

/** The kind and account of the flow of a state (used or not), to route a refusal; null when unknown. */
export function flowOfState(
  deps: TDeps,
  state: string | undefined,
): Promise<{ kind: TFlowKind; accountId: number } | null> {
  return state ? findFlowKind(deps.db, sha256(state)) : Promise.resolve(null);
}

/** Whether a sign-in of the console made the SAML AuthnRequest of this id (used, expired or not). */
export async function isKnownSamlRequest(deps: TDeps, requestId: string): Promise<boolean> {
  return (await findFlowByRequestIdHash(deps.db, sha256(requestId))) !== null;
}

/** The account's user of an id, as a sign-in sees it. */
export function findAccountUser(
  deps: TDeps,
  accountId: number,
  userId: number,
): Promise<TExternalUser | null> {
  return findUserById(deps.db, accountId, userId);
}

/**
 * Signs in the account's user of the provider's username: an unknown username is refused (or,
 * with just-in-time creation, becomes an ordinary user), as are disabled, deleted and service
 * users and stopped accounts. The session is the same as a password sign-in's; the second step
 * is the provider's business. Refusals are audited in the account's log.
 */
export async function signInExternal(
  deps: TDeps,
  input: { account: TNamedAccount; username: string; method: string; jit?: boolean },
  meta: TRequestMeta,
): Promise<TLoginResult> {
  const { account, method } = input;
  const username = input.username.trim();
  const refuse = async (failure: SsoFailure, userId: number | null) => {
    await writeAudit(deps.db, {
      accountId: account.id,
      userId,
      username,
      action: 'auth.login',
      objectType: 'session',
      objectName: username,
      isSuccess: false,
      info: { method, reason: failure.key },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: deps.clock.now(),
    });
    return failure;
  };
  if (account.status === AccountStatus.stopped || account.status === AccountStatus.deleted) {
    throw await refuse(new SsoFailure('ssoUserUnavailable', { username }, 'account unavailable'), null);
  }
  let user = await findUserByUsername(deps.db, account.id, username);
  if (!user && input.jit && isJitUsername(username)) {
    user = await createJitUser(deps, account, username, method, meta);
  }
  if (!user) throw await refuse(new SsoFailure('ssoUnknownUser', { username }), null);
  if (user.kind === 'service' || user.isDeleted) {
    throw await refuse(
      new SsoFailure('ssoUserUnavailable', { username }, `${user.kind} deleted=${user.isDeleted}`),
      user.id,
    );
  }
  if (!user.isEnabled) throw await refuse(new SsoFailure('ssoUserDisabled', { username }), user.id);
  return finishLogin(
    deps,
    {
      accountId: account.id,
      accountDisplayName: account.displayName,
      userId: user.id,
      username: user.username,
      phone: user.phone,
      email: user.email,
    },
    attemptKey(account.displayName, user.username),
    meta,
    method,
  );
}

/** Usernames the console accepts (letters first, then letters, digits, underscores, 5–32). */
function isJitUsername(username: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(username);
}

async function createJitUser(
  deps: TDeps,
  account: TNamedAccount,
  username: string,
  method: string,
  meta: TRequestMeta,
) {
  const now = deps.clock.now();
  // A password nobody knows: the user signs in through the provider (an administrator may set one).
  const passwordHash = await deps.hasher.hash(createToken());
  await deps.db.transaction(async (tx) => {
    const id = await insertUser(tx, { accountId: account.id, username, passwordHash });
    const member = await memberRoleId(tx, account.id);
    if (member) await grantRole(tx, account.id, id, member, id);
    await writeAudit(tx, {
      accountId: account.id,
      userId: id,
      username,
      action: 'user.create',
      objectType: 'user',
      objectId: String(id),
      objectName: username,
      isSuccess: true,
      info: { via: method, justInTime: true },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return findUserByUsername(deps.db, account.id, username);
}

/** The console home of the account: `/workbench`, prefixed on-premise. */
function consoleHomePath(deps: TDeps, accountId: number): string {
  return deps.config.deployMode === 'onprem' ? `/accounts/${accountId}/workbench` : '/workbench';
}

/** A console path of the account, prefixed on-premise. */
export function consolePathOf(deps: TDeps, accountId: number, path: string): string {
  return deps.config.deployMode === 'onprem' ? `/accounts/${accountId}${path}` : path;
}

/** A same-origin console path (`/x…`), or null. */
function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/api/')) return null;
  return value.slice(0, 2048);
}

/** Where to go after the sign-in: an allowed fallback URL (or a console path) given at the start. */
export function returnToOf(deps: TDeps, fallbackUrl?: string, redirect?: string): string | null {
  if (fallbackUrl && isAllowedFallbackUrl(fallbackUrl, deps.config.fallbackHosts)) return fallbackUrl;
  return safeReturnPath(redirect);
}

/** The browser's next address after a successful sign-in. */
export function successRedirect(
  deps: TDeps,
  accountId: number,
  returnTo: string | null,
  token: string,
): string {
  if (returnTo && isAllowedFallbackUrl(returnTo, deps.config.fallbackHosts))
    return withToken(returnTo, token);
  return safeReturnPath(returnTo) ?? consoleHomePath(deps, accountId);
}

/** The message of a refusal in the user's language. */
export function failureMessage(lang: TLanguage, failure: SsoFailure): string {
  return translateError(lang, failure.key, failure.params);
}

/** `/sso-error?errMsg=…` with the refusal in the user's language. */
export function failureRedirect(lang: TLanguage, failure: SsoFailure): string {
  return `/sso-error?errMsg=${encodeURIComponent(failureMessage(lang, failure))}`;
}

/** Turns anything thrown during a flow into a refusal (unexpected errors stay generic: code 4044). */
export function asSsoFailure(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  return new SsoFailure(String(ErrorCode.ssoFailed) as '4044', {}, briefOf(error));
}

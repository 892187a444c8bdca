/**
 * Active sessions (issue 22): every user sees their live sessions and ends any of them, or all but
 * the current one; an administrator does the same for the account's users. Each ended session is
 * an `auth.sessionEnded` entry by whoever ended it, and its holder's next request is answered 4004.
 */
import type { TEndedSessions, TSessionList, TSessionVo } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import UAParser from 'ua-parser-js';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import {
  endLiveSessions,
  findAccountUser,
  listLiveSessions,
  type TLiveBounds,
  type TLiveSessionRow,
} from './session.repository';
import { sessionTimeouts } from './session.service';

/** Why a session was ended, as its holder is told (code 4004; session.service.ts). */
export const SessionEndReasons = { byUser: 'ended_by_user', byAdmin: 'ended_by_admin' } as const;

/** Browser, system and kind of device that a user agent names (`ua-parser-js`). */
export function describeUserAgent(
  userAgent: string | null,
): Pick<TSessionVo, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const named = (name: string | undefined, version: string | undefined) =>
    name ? [name, version].filter(Boolean).join(' ') : null;
  const deviceType =
    device.type === 'mobile' || device.type === 'tablet'
      ? device.type
      : device.type === undefined && (os.name || browser.name)
        ? 'desktop'
        : 'other';
  return { browser: named(browser.name, browser.major), os: named(os.name, os.version), deviceType };
}

function sessionVo(row: TLiveSessionRow, currentSessionId: number): TSessionVo {
  return {
    id: row.id,
    isCurrent: row.id === currentSessionId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    ip: row.ip,
    ...describeUserAgent(row.userAgent),
    method: row.signInMethod,
  };
}

function liveBounds(deps: TDeps, accountId: number, userId: number): TLiveBounds {
  const now = deps.clock.now();
  return { accountId, userId, now, idleSince: new Date(now.getTime() - sessionTimeouts(deps).idleMs) };
}

async function listOf(deps: TDeps, auth: TAuth, userId: number): Promise<TSessionList> {
  const rows = await listLiveSessions(deps.db, liveBounds(deps, auth.accountId, userId));
  const list = rows.map((row) => sessionVo(row, auth.sessionId));
  // The current session first, then the most recently active.
  return { list: [...list.filter((s) => s.isCurrent), ...list.filter((s) => !s.isCurrent)] };
}

/** Ends sessions of `owner` (one, all, or all but one) and audits each, in one transaction. */
async function endSessions(
  deps: TDeps,
  auth: TAuth,
  owner: { id: number; username: string },
  which: { only?: number; exceptId?: number },
  reason: string,
  meta: TRequestMeta,
): Promise<TEndedSessions> {
  const bounds = liveBounds(deps, auth.accountId, owner.id);
  return deps.db.transaction(async (tx) => {
    const ended = await endLiveSessions(tx, { ...bounds, ...which, reason });
    for (const session of ended) {
      await writeAudit(tx, {
        accountId: auth.accountId,
        userId: auth.userId,
        username: auth.username,
        action: 'auth.sessionEnded',
        objectType: 'session',
        objectId: String(session.id),
        objectName: owner.username,
        isSuccess: true,
        info: { reason, sessionIp: session.ip, signInMethod: session.signInMethod },
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: bounds.now,
      });
    }
    return { count: ended.length };
  });
}

export function listMySessions(deps: TDeps, auth: TAuth): Promise<TSessionList> {
  return listOf(deps, auth, auth.userId);
}

/** Ends one of the caller's sessions (the current one too). Nothing, when it is not live. */
export function endMySession(
  deps: TDeps,
  auth: TAuth,
  id: number,
  meta: TRequestMeta,
): Promise<TEndedSessions> {
  const owner = { id: auth.userId, username: auth.username };
  return endSessions(deps, auth, owner, { only: id }, SessionEndReasons.byUser, meta);
}

export function endMyOtherSessions(deps: TDeps, auth: TAuth, meta: TRequestMeta): Promise<TEndedSessions> {
  const owner = { id: auth.userId, username: auth.username };
  return endSessions(deps, auth, owner, { exceptId: auth.sessionId }, SessionEndReasons.byUser, meta);
}

async function requireAccountUser(deps: TDeps, auth: TAuth, userId: number) {
  const user = await findAccountUser(deps.db, auth.accountId, userId);
  // Another account's user is not named: the same answer as for any object of another account.
  if (!user) throw new AppError(ErrorCode.forbidden);
  return user;
}

export async function listUserSessions(deps: TDeps, auth: TAuth, userId: number): Promise<TSessionList> {
  await requireAccountUser(deps, auth, userId);
  return listOf(deps, auth, userId);
}

/** Ends one session (`id`) of a user of the administrator's account, or all of the user's. */
export async function endUserSessions(
  deps: TDeps,
  auth: TAuth,
  input: { userId: number; id?: number },
  meta: TRequestMeta,
): Promise<TEndedSessions> {
  const owner = await requireAccountUser(deps, auth, input.userId);
  return endSessions(deps, auth, owner, { only: input.id }, SessionEndReasons.byAdmin, meta);
}

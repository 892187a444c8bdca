/**
 * SCIM provisioning tokens on the SSO page (decision 0031): administrators list, create and revoke
 * them. A token is `scim_` and 256 random bits (base64url), answered once at creation; only its
 * SHA-256 digest and its first characters are kept. Each change is audited in its transaction.
 */
import type { TCreatedScimToken, TScimToken, TScimTokenList } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { createToken, sha256 } from '../../lib/tokens';
import { findAccountById } from '../account';
import { writeAudit } from '../audit';
import { insertToken, listTokens, revokeToken, type TTokenRow } from './scim.repository';
import { scimBaseUrl, scimTokenPrefix } from './scim-auth.service';

/** Characters of a token kept to tell it apart (the `scim_` prefix and 6 of its random ones). */
const keptCharacters = scimTokenPrefix.length + 6;

function tokenVo(row: TTokenRow): TScimToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

export async function listScimTokens(deps: TDeps, auth: TAuth): Promise<TScimTokenList> {
  const account = await findAccountById(deps.db, auth.accountId);
  if (!account) throw new AppError(ErrorCode.forbidden);
  const rows = await listTokens(deps.db, auth.accountId);
  return { baseUrl: scimBaseUrl(deps, account.name), list: rows.map(tokenVo) };
}

function tokenAudit(
  auth: TAuth,
  meta: TRequestMeta,
  now: Date,
  action: string,
  token: { id: number; name: string; prefix: string },
) {
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    action,
    objectType: 'sso' as const,
    objectId: String(token.id),
    objectName: token.name,
    isSuccess: true,
    info: { prefix: token.prefix },
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
}

export async function createScimToken(
  deps: TDeps,
  auth: TAuth,
  name: string,
  meta: TRequestMeta,
): Promise<TCreatedScimToken> {
  const token = `${scimTokenPrefix}${createToken()}`;
  const prefix = token.slice(0, keptCharacters);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertToken(tx, {
      accountId: auth.accountId,
      name,
      tokenHash: sha256(token),
      prefix,
      createdBy: auth.userId,
      now,
    });
    await writeAudit(tx, tokenAudit(auth, meta, now, 'scim.tokenCreate', { id, name, prefix }));
    return id;
  });
  const [row] = await listTokens(deps.db, auth.accountId, id);
  if (!row) throw new Error('created token not found');
  return { id, token, item: tokenVo(row) };
}

/** Revokes a token of the account (another account's id: 403); an already revoked one stays as it is. */
export async function revokeScimToken(
  deps: TDeps,
  auth: TAuth,
  id: number,
  meta: TRequestMeta,
): Promise<TScimTokenList> {
  const [existing] = await listTokens(deps.db, auth.accountId, id);
  if (!existing) throw new AppError(ErrorCode.forbidden);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeToken(tx, auth.accountId, id, auth.userId, now);
    if (revoked) await writeAudit(tx, tokenAudit(auth, meta, now, 'scim.tokenRevoke', revoked));
  });
  return listScimTokens(deps, auth);
}

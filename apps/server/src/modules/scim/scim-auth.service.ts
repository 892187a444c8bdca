/**
 * Authentication of SCIM requests (decision 0031): a bearer token of the account in the path. An
 * unknown or revoked token is 401; a token of another account than the path names is 404, as for
 * any path that is not the caller's. Each use is recorded on the token, at most once a minute.
 */
import { AccountStatus } from '@console/contract/enums';
import type { TAuth, TDeps } from '../../context';
import { sha256 } from '../../lib/tokens';
import { findTokenByHash, touchToken } from './scim.repository';
import { ScimError, scimError } from './scim-errors';

/** Tokens start with this, so that secret scanners and people can tell them. */
export const scimTokenPrefix = 'scim_';
const touchEveryMs = 60_000;

/** The SCIM base URL of an account: `<PUBLIC_URL>/scim/v2/<account name>`. */
export function scimBaseUrl(deps: TDeps, accountName: string): string {
  return `${deps.config.publicUrl}/scim/v2/${encodeURIComponent(accountName)}`;
}

export type TScimCaller = { auth: TAuth; baseUrl: string };

export async function authenticateScim(
  deps: TDeps,
  authorization: string | undefined,
  accountName: string,
  ip: string | null,
): Promise<TScimCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw scimError.unauthorized('A bearer token is required (Authorization: Bearer <token>)');
  const token = await findTokenByHash(deps.db, sha256(match[1]));
  if (!token || token.revokedAt || token.accountStatus === AccountStatus.deleted) {
    throw scimError.unauthorized('The token is unknown or revoked');
  }
  if (token.accountName.toLowerCase() !== accountName.trim().toLowerCase()) {
    throw new ScimError(404, `No account ${accountName.slice(0, 64)} for this token`);
  }
  if (token.accountStatus === AccountStatus.stopped) {
    throw new ScimError(403, 'The account is stopped: provisioning is paused');
  }
  const now = deps.clock.now();
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= touchEveryMs) {
    await touchToken(deps.db, token.id, now, new Date(now.getTime() - touchEveryMs), ip);
  }
  return {
    auth: {
      sessionId: 0,
      userId: 0,
      accountId: token.accountId,
      username: `scim:${token.name}`,
      isAdmin: true,
      via: 'bearer',
      scimClient: { tokenId: token.id, name: token.name },
    },
    baseUrl: scimBaseUrl(deps, token.accountName),
  };
}

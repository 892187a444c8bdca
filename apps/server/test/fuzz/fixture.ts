/**
 * The fuzz fixture: an account with an administrator (whose session the requests carry), a
 * member and an opened instance, created straight in the database with one precomputed password
 * hash and a minted session, so that a fresh one costs a few inserts. When a request signs out
 * the administrator, the next request gets a new session; when it disables, deletes or demotes
 * the administrator, a fresh fixture.
 */
import type { TDeps } from '../../src/context';
import { createAccountWithRoles } from '../../src/modules/account/account.repository';
import { authenticate } from '../../src/modules/auth/session.service';
import { grantRole, insertUser } from '../../src/modules/user/user.repository';
import { mintSession, seedOpenedInstance } from '../harness';
import type { FixtureRef, TJsonValue } from './json-text';

export type TFixture = {
  accountId: number;
  accountName: string;
  adminId: number;
  memberId: number;
  instanceId: number;
  token: string;
};

export const fixturePassword = 'Fuzz@2026pass';

let passwordHash: string | null = null;
let serial = 0;

function letters(n: number): string {
  let out = '';
  for (let i = n; i > 0 || out === ''; i = Math.floor(i / 26)) out = String.fromCharCode(97 + (i % 26)) + out;
  return out;
}

export async function createFixture(deps: TDeps): Promise<TFixture> {
  passwordHash ??= await deps.hasher.hash(fixturePassword);
  serial += 1;
  const accountName = `fuzz${letters(serial)}`;
  const { accountId, roleIds } = await createAccountWithRoles(deps.db, {
    name: accountName,
    displayName: accountName,
    type: 2,
  });
  const adminId = await insertUser(deps.db, {
    accountId,
    username: `admin_${accountName}`,
    passwordHash,
    phone: '13800000000',
    email: `admin@${accountName}.example`,
  });
  await grantRole(deps.db, accountId, adminId, roleIds.account_admin, null);
  const memberId = await insertUser(deps.db, {
    accountId,
    username: `member_${accountName}`,
    passwordHash,
    phone: '13900000000',
    email: `member@${accountName}.example`,
  });
  await grantRole(deps.db, accountId, memberId, roleIds.account_member, null);
  const instanceId = await seedOpenedInstance(deps, accountId);
  const token = await mintSession(deps, accountId, adminId);
  return { accountId, accountName, adminId, memberId, instanceId, token };
}

/** Whether the administrator's session still works as an administrator's. */
export async function isFixtureHealthy(deps: TDeps, fixture: TFixture): Promise<boolean> {
  try {
    const auth = await authenticate(deps, fixture.token, 'bearer');
    return auth.isAdmin && auth.accountId === fixture.accountId;
  } catch {
    return false;
  }
}

/**
 * A working fixture again: a new session when only the session ended (a logout), else a new
 * account (the administrator was disabled, deleted or demoted).
 */
export async function repairFixture(deps: TDeps, fixture: TFixture): Promise<TFixture> {
  const token = await mintSession(deps, fixture.accountId, fixture.adminId);
  const repaired = { ...fixture, token };
  return (await isFixtureHealthy(deps, repaired)) ? repaired : createFixture(deps);
}

export function resolverOf(fixture: TFixture): (ref: FixtureRef) => TJsonValue {
  return (ref) => {
    switch (ref.name) {
      case 'accountId':
        return fixture.accountId;
      case 'memberId':
        return fixture.memberId;
      case 'adminId':
        return fixture.adminId;
      case 'instanceId':
        return fixture.instanceId;
      default:
        return null;
    }
  };
}

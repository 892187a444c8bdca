/**
 * The demo data of the embedded default (API-CONVENTIONS.md "Demo data"): created once, under an
 * advisory lock, and remembered in `app_state`, so that a restart or a second replica does not
 * create it again and changes made by users are kept. Later capabilities extend it.
 */

import { AccountType } from '@console/contract/enums';
import { devInstanceUrl } from '../adapters/provisioner';
import type { TDeps } from '../context';
import type { TDb } from '../db/client';
import { createAccountWithRoles } from '../modules/account';
import { writeAudit } from '../modules/audit';
import { markAllUsersForSync, newInstanceName } from '../modules/service';
import { grantRole, insertUser } from '../modules/user';
import {
  enableInsightUsers,
  hasAppState,
  insertAppState,
  insertDevHoldings,
  insertInviteCode,
  insertOpenedInstance,
  lockSeed,
  markInstanceSynced,
  setTrialExtensionDays,
  type TDevHolding,
} from './demo.repository';
import { seedDemoBilling } from './demo-billing';

const seedKey = 'seed.demo';
const lockKey = 7_031_204_118;

type TDemoUser = {
  username: string;
  password: string;
  displayName: string;
  role: 'account_admin' | 'account_member' | null;
  kind: 'regular' | 'service';
  email?: string;
  phone?: string;
  title?: string;
  remark?: string;
};

type TDemoAccount = {
  name: string;
  displayName: string;
  type: number;
  companyName: string;
  ageDays: number;
  /** Trial days added by activation codes (the demo's trial outlasts its 90 days of usage). */
  trialExtensionDays?: number;
  /** The registration phone and e-mail: those of the first user. */
  registrationPhone: string;
  registrationEmail: string;
  users: TDemoUser[];
  /** Opened instances: service (product kind), version, provider and region; Insight users by name. */
  instances: {
    serviceId: number;
    version: 'trial' | 'formal';
    csp: string;
    region: string;
    insightUsers?: string[];
    /** What the development platform keeps of the users there (workspaces, owned resources). */
    holdings?: TDemoHolding[];
  }[];
};

/**
 * What the development platform keeps of a demo user on a Lakehouse instance: the workspaces it
 * belongs to, with its role in each, and the tasks and approvals it owns there. Users created
 * later have none: the platform invents nothing.
 */
export type TDemoHolding = Omit<TDevHolding, 'userId'> & { username: string };

/** The development invite code (registration needs one in the international edition). */
export const demoInviteCode = 'DEMO2026';

export const demoAccounts: TDemoAccount[] = [
  {
    name: 'demo',
    displayName: 'demo',
    type: AccountType.trial,
    companyName: 'Demo Analytics Co., Ltd.',
    ageDays: 95,
    trialExtensionDays: 83,
    registrationPhone: '+86 13800000000',
    registrationEmail: 'admin@demo.example',
    users: [
      {
        username: 'admin_demo',
        password: 'Demo@2026pass',
        displayName: 'Demo Admin',
        role: 'account_admin',
        kind: 'regular',
        email: 'admin@demo.example',
        phone: '13800000000',
        title: 'Product Manager',
      },
      {
        username: 'analyst_01',
        password: 'Analyst@2026',
        displayName: 'Analyst One',
        role: 'account_member',
        kind: 'regular',
        email: 'analyst@demo.example',
        phone: '13900000001',
        title: 'R&D Engineer',
      },
      {
        username: 'svc_loader',
        password: 'Loader@2026pass',
        displayName: 'svc_loader',
        role: null,
        kind: 'service',
        remark: 'Nightly ingestion job (JDBC)',
      },
    ],
    instances: [
      {
        serviceId: 1,
        version: 'trial',
        csp: 'aliyun',
        region: 'cn-shanghai',
        holdings: [
          {
            username: 'admin_demo',
            workspaces: [
              { name: 'default', role: 'workspace_admin' },
              { name: 'sales_analytics', role: 'workspace_admin' },
            ],
            scheduledTasks: 4,
            syncTasks: 1,
            permissionApprovals: 0,
          },
          {
            username: 'analyst_01',
            workspaces: [
              { name: 'default', role: 'workspace_dev' },
              { name: 'sales_analytics', role: 'workspace_analyst' },
            ],
            scheduledTasks: 2,
            syncTasks: 0,
            permissionApprovals: 1,
          },
          {
            username: 'svc_loader',
            workspaces: [{ name: 'default', role: 'workspace_dev' }],
            scheduledTasks: 1,
            syncTasks: 3,
            permissionApprovals: 0,
          },
        ],
      },
      {
        serviceId: 3,
        version: 'trial',
        csp: 'aliyun',
        region: 'cn-shanghai',
        insightUsers: ['admin_demo', 'analyst_01'],
      },
    ],
  },
  {
    name: 'acme',
    displayName: 'acme',
    type: AccountType.formal,
    companyName: 'Acme Corporation',
    ageDays: 200,
    registrationPhone: '+86 13700000000',
    registrationEmail: 'admin@acme.example',
    users: [
      {
        username: 'admin_acme',
        password: 'Acme@2026pass',
        displayName: 'Acme Admin',
        role: 'account_admin',
        kind: 'regular',
        email: 'admin@acme.example',
        phone: '13700000000',
        title: 'Operation and Maintenance Engineer',
      },
    ],
    instances: [
      {
        serviceId: 1,
        version: 'formal',
        csp: 'tencent',
        region: 'ap-shanghai',
        holdings: [
          {
            username: 'admin_acme',
            workspaces: [{ name: 'default', role: 'workspace_admin' }],
            scheduledTasks: 2,
            syncTasks: 2,
            permissionApprovals: 0,
          },
        ],
      },
      { serviceId: 1, version: 'formal', csp: 'aliyun', region: 'cn-beijing' },
      { serviceId: 2, version: 'formal', csp: 'aliyun', region: 'cn-beijing' },
    ],
  },
];

/** Creates the demo data unless it was created before; answers whether it created it now. */
export async function seedDemo(deps: TDeps): Promise<boolean> {
  if (await hasAppState(deps.db, seedKey)) return false;
  const hashes = new Map<string, string>();
  for (const account of demoAccounts) {
    for (const user of account.users) hashes.set(user.password, await deps.hasher.hash(user.password));
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockSeed(tx, lockKey);
    if (await hasAppState(tx, seedKey)) return false;
    const seeded = new Map<string, number>();
    for (const account of demoAccounts) {
      const createdAt = new Date(now.getTime() - account.ageDays * 86_400_000);
      const { accountId, roleIds } = await createAccountWithRoles(tx, {
        name: account.name,
        displayName: account.displayName,
        type: account.type,
        companyName: account.companyName,
        createdAt,
        registrationPhone: account.registrationPhone,
        registrationEmail: account.registrationEmail,
      });
      await writeAudit(tx, {
        accountId,
        userId: null,
        username: null,
        action: 'account.create',
        objectType: 'account',
        objectId: String(accountId),
        objectName: account.name,
        isSuccess: true,
        info: { source: 'demo seed' },
        createdAt: now,
      });
      for (const user of account.users) {
        const userId = await insertUser(tx, {
          accountId,
          username: user.username,
          displayName: user.displayName,
          passwordHash: hashes.get(user.password) ?? '',
          kind: user.kind,
          serviceKind: user.kind === 'service' ? 'custom' : null,
          email: user.email ?? null,
          phone: user.phone ?? null,
          title: user.title ?? null,
          remark: user.remark ?? null,
        });
        if (user.role) await grantRole(tx, accountId, userId, roleIds[user.role], null);
        await writeAudit(tx, {
          accountId,
          userId: null,
          username: null,
          action: user.kind === 'service' ? 'serviceUser.create' : 'user.create',
          objectType: 'user',
          objectId: String(userId),
          objectName: user.username,
          isSuccess: true,
          info: { source: 'demo seed', role: user.role },
          createdAt: now,
        });
      }
      if (account.trialExtensionDays) {
        await setTrialExtensionDays(tx, accountId, account.trialExtensionDays);
      }
      for (const instance of account.instances) {
        await seedInstance(tx, accountId, instance, {
          openedAt: new Date(createdAt.getTime() + 86_400_000),
          now,
          consoleUrl: deps.config.publicUrl,
        });
      }
      seeded.set(account.name, accountId);
    }
    await seedDemoBilling(deps, tx, seeded);
    await insertInviteCode(tx, demoInviteCode, 1000);
    await insertAppState(tx, seedKey, { createdAt: now.toISOString() });
    return true;
  });
}

/** An opened instance with its users synchronised (and its Insight users enabled). */
async function seedInstance(
  tx: TDb,
  accountId: number,
  instance: TDemoAccount['instances'][number],
  at: { openedAt: Date; now: Date; consoleUrl: string },
): Promise<void> {
  const { openedAt, now } = at;
  const name = newInstanceName();
  const instanceId = await insertOpenedInstance(tx, {
    accountId,
    serviceId: instance.serviceId,
    version: instance.version,
    csp: instance.csp,
    region: instance.region,
    name,
    // Demo data lives where the development platform does: its instances are the console's pages.
    url: devInstanceUrl(at.consoleUrl, name),
    openedAt,
    now,
  });
  await markAllUsersForSync(tx, instanceId, accountId, now);
  await markInstanceSynced(tx, instanceId);
  if (instance.holdings?.length) {
    await insertDevHoldings(tx, instanceId, accountId, instance.holdings, openedAt);
  }
  if (instance.insightUsers?.length) {
    await enableInsightUsers(tx, instanceId, accountId, instance.insightUsers, now);
  }
  await writeAudit(tx, {
    accountId,
    userId: null,
    username: null,
    action: 'instance.opened',
    objectType: 'instance',
    objectId: String(instanceId),
    objectName: name,
    isSuccess: true,
    info: { source: 'demo seed', service: instance.serviceId, csp: instance.csp, region: instance.region },
    createdAt: now,
  });
}

/** The lines the start-up log prints so that a newcomer can sign in at once. */
export function demoCredentialLines(): string[] {
  const lines: string[] = [];
  for (const account of demoAccounts) {
    for (const user of account.users) {
      const what =
        user.kind === 'service'
          ? 'service user, JDBC/API only'
          : user.role === 'account_admin'
            ? 'administrator'
            : 'member';
      lines.push(
        `  account ${account.displayName.padEnd(6)} ${user.username.padEnd(12)} ${user.password.padEnd(16)} (${what})`,
      );
    }
  }
  return lines;
}

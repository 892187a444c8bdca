/**
 * The world the permission matrix runs in: two accounts, each with an administrator, an ordinary
 * member, a service user, a spare user and one object of every kind a route can address, and the
 * tools to make fresh objects and sessions so that no cell depends on another.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { TDeps } from '../src/context';
import { rowsOf } from '../src/db/client';
import { samples } from '../src/modules/billing/uploads/upload.fixtures';
import { insertUpload } from '../src/modules/billing/uploads/upload.repository';
import { grantRole, insertUser } from '../src/modules/user/user.repository';
import { knownCaptcha, seedAccount, seedOpenedInstance, type TSeededAccount } from './harness';

/** One account's people and objects. */
export type TSide = {
  accountId: number;
  /** The account's name (also its display name, which sign-in asks for). */
  accountName: string;
  adminId: number;
  adminUsername: string;
  memberId: number;
  memberUsername: string;
  serviceUserId: number;
  /** A regular user no test signs in as: the object of user operations. */
  spareId: number;
  spareUsername: string;
  memberRoleId: number;
  adminRoleId: number;
  instanceId: number;
  webhookId: number;
  statementId: number;
  rechargeId: string;
  uploadId: string;
  /** An uploaded business licence. */
  licenseUploadId: string;
  changeId: number;
  voucherId: number;
  /** Strings that only this account's data contains: another account's answer must not show them. */
  markers: string[];
};

export type TWorld = {
  a: TSide;
  b: TSide;
  accounts: { a: TSeededAccount; b: TSeededAccount };
};

let serial = 0;
let phoneSerial = 0;
/** A phone number no one used before. */
export const nextPhone = () => `136${String(++phoneSerial).padStart(8, '0')}`;
const unique = (prefix: string) => `${prefix}${++serial}${randomBytes(2).toString('hex')}`;

async function one<T>(deps: TDeps, query: ReturnType<typeof sql>): Promise<T> {
  const rows = rowsOf<T>(await deps.db.execute(query));
  if (!rows[0]) throw new Error('insert answered no row');
  return rows[0];
}

/** A regular user of the account (the stored hash of a password no one needs). */
export async function freshUser(deps: TDeps, accountId: number, hash: string): Promise<number> {
  return insertUser(deps.db, {
    accountId,
    username: unique('fresh_'),
    passwordHash: hash,
    phone: nextPhone(),
  });
}

/** A service user (JDBC/API identity) of the account. */
export async function freshServiceUser(deps: TDeps, accountId: number, hash: string): Promise<number> {
  return insertUser(deps.db, { accountId, username: unique('svc_'), passwordHash: hash, kind: 'service' });
}

/** A webhook of the account. */
export async function freshWebhook(deps: TDeps, accountId: number): Promise<number> {
  const row = await one<{ id: number }>(
    deps,
    sql`insert into webhooks (account_id, name, url, params_template, success_key, success_value)
        values (${accountId}, ${unique('hook_')}, 'http://127.0.0.1:9/hook', '{"text":"\${alertMessage}"}', 'ok', 'true')
        returning id`,
  );
  return Number(row.id);
}

/** An opened Lakehouse instance of the account in a region where it has none yet. */
export async function freshInstance(deps: TDeps, accountId: number): Promise<number> {
  const now = deps.clock.now();
  const row = await one<{ id: number }>(
    deps,
    sql`insert into instances (account_id, service_id, version_id, region_id, instance_name, status, url,
                               created_at, opened_at, updated_at)
        select ${accountId}, 1, v.id, r.id, ${unique('inst')}, 1, 'https://fresh.' || r.code || '.example.com',
               ${now}, ${now}, ${now}
          from service_versions v, regions r
         where v.service_id = 1 and v.code = 'trial'
           and not exists (select 1 from instances i where i.account_id = ${accountId} and i.region_id = r.id)
         order by r.id
         limit 1
        returning id`,
  );
  return Number(row.id);
}

/** A contact change waiting for the user's confirmation. */
export async function freshChange(deps: TDeps, accountId: number, userId: number): Promise<number> {
  const now = deps.clock.now();
  const row = await one<{ id: number }>(
    deps,
    sql`insert into contact_change_requests (account_id, user_id, operator_id, operator_name, new_email, token_hash,
                                             created_at, expires_at)
        values (${accountId}, ${userId}, ${userId}, 'operator', ${`${unique('c')}@change.example`},
                ${randomBytes(32)}, ${now}, ${new Date(now.getTime() + 86_400_000)})
        returning id`,
  );
  return Number(row.id);
}

/** A PDF stored and recorded as the account's upload; answers its id. */
async function seedUpload(
  deps: TDeps,
  accountId: number,
  userId: number,
  purpose: 'remittance' | 'businessLicense',
  fileName: string,
): Promise<string> {
  const id = `U${randomBytes(10).toString('hex')}`;
  const storageKey = randomBytes(16).toString('hex');
  await deps.storage.put(storageKey, Readable.from(samples.pdf));
  await insertUpload(deps.db, {
    id,
    accountId,
    userId,
    purpose,
    fileName,
    contentType: 'application/pdf',
    size: samples.pdf.length,
    storageKey,
    sha256: createHash('sha256').update(samples.pdf).digest('hex'),
    now: deps.clock.now(),
  });
  return id;
}

async function seedSide(deps: TDeps, name: string): Promise<{ side: TSide; account: TSeededAccount }> {
  const account = await seedAccount(deps, name);
  const accountId = account.id;
  const hash = await deps.hasher.hash('Spare@2026pass');
  const spareUsername = `spare_${name}`;
  const spareId = await insertUser(deps.db, {
    accountId,
    username: spareUsername,
    passwordHash: hash,
    email: `spare@${name}.example`,
    phone: '13700000000',
  });
  await grantRole(deps.db, accountId, spareId, account.roleIds.account_member, null);
  const serviceUserId = await insertUser(deps.db, {
    accountId,
    username: `svc_${name}`,
    passwordHash: await deps.hasher.hash('Service@2026pass'),
    kind: 'service',
  });
  // Opened a week ago, so that it has jobs to share.
  const instanceId = await seedOpenedInstance(deps, accountId, { openedDaysAgo: 7 });
  const webhookId = await freshWebhook(deps, accountId);
  const now = deps.clock.now();
  const statement = await one<{ id: number }>(
    deps,
    sql`insert into statements (account_id, month, amount_fen, discounted_fen, voucher_fen, cash_fen, outstanding_fen,
                                generated_at)
        values (${accountId}, '2026-10', 12345, 12345, 0, 12345, 0, ${now}) returning id`,
  );
  const rechargeId = `R${randomBytes(10).toString('hex')}`;
  await deps.db.execute(sql`
    insert into recharges (id, account_id, user_id, channel, amount_fen, code_url, created_at, expires_at)
    values (${rechargeId}, ${accountId}, ${account.admin.id}, 'wechat', 10000, 'weixin://wxpay/bizpayurl?pr=test',
            ${now}, ${new Date(now.getTime() + 1_800_000)})`);
  const uploadId = await seedUpload(
    deps,
    accountId,
    account.admin.id,
    'remittance',
    `${name}-certificate.pdf`,
  );
  const licenseUploadId = await seedUpload(
    deps,
    accountId,
    account.admin.id,
    'businessLicense',
    `${name}-licence.pdf`,
  );
  const changeId = await freshChange(deps, accountId, spareId);
  const voucher = await one<{ id: number }>(
    deps,
    sql`insert into vouchers (account_id, code, name_zh, name_en, face_fen, available_fen, effective_at, expires_at)
        values (${accountId}, ${unique('V')}, ${`voucher of ${name}`}, ${`voucher of ${name}`}, 5000, 5000, ${now},
                ${new Date(now.getTime() + 30 * 86_400_000)})
        returning id`,
  );
  return {
    account,
    side: {
      accountId,
      accountName: name,
      adminId: account.admin.id,
      adminUsername: account.admin.username,
      memberId: account.member.id,
      memberUsername: account.member.username,
      serviceUserId,
      spareId,
      spareUsername,
      memberRoleId: account.roleIds.account_member,
      adminRoleId: account.roleIds.account_admin,
      instanceId,
      webhookId,
      statementId: Number(statement.id),
      rechargeId,
      uploadId,
      licenseUploadId,
      changeId,
      voucherId: Number(voucher.id),
      markers: [spareUsername, `spare@${name}.example`, `${name}-certificate.pdf`, `voucher of ${name}`],
    },
  };
}

export async function seedWorld(deps: TDeps): Promise<TWorld> {
  const a = await seedSide(deps, 'matrixalpha');
  const b = await seedSide(deps, 'matrixbravo');
  return { a: a.side, b: b.side, accounts: { a: a.account, b: b.account } };
}

export { knownCaptcha };

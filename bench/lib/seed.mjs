// Realistic volumes for the load benchmark, in the demo account of a freshly seeded database:
// a few hundred users (some administrators) straight into `users` / `user_roles` with one argon2id
// digest, tens of thousands of audit entries over the last 90 days (chained by the database
// trigger), and 30 days of hourly usage through the real signed usage hook (`/api/hooks/usage`).
import { createHmac } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

export const benchPassword = 'Bench@2026pass';
const hourMs = 3_600_000;

/**
 * Users `lu_00001` … in the demo account: `admins` of them administrators, the rest members.
 * Answers { accountId, admins: [username…], members: [username…], ids: [id…] }.
 */
export async function seedUsers(databaseUrl, { count, admins }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const digest = await hash(benchPassword, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const {
      rows: [account],
    } = await db.query(`select id from accounts where name = 'demo'`);
    const accountId = Number(account.id);
    const inserted = await db.query(
      `insert into users (account_id, username, display_name, password_hash, phone, email, title, remark,
                          created_at, last_login_at)
       select $1, 'lu_' || lpad(g::text, 5, '0'), 'Load User ' || g, $2,
              '139' || lpad((g * 7919 % 100000000)::text, 8, '0'),
              'lu' || g || '@' || (array['example.com','corp.example','mail.example'])[1 + g % 3],
              (array['R&D Engineer','Product Manager','Test Engineer','Data Analyst'])[1 + g % 4],
              case when g % 7 = 0 then 'contractor' else null end,
              now() - (g % 90) * interval '1 day', now() - (g % 1000) * interval '1 minute'
         from generate_series(1, $3::int) g
       returning id, username`,
      [accountId, digest, count],
    );
    await db.query(
      `insert into user_roles (account_id, user_id, role_id)
       select $1, u.id, r.id from users u, roles r
        where u.account_id = $1 and u.username like 'lu\\_%' and r.account_id = $1 and r.code = 'account_member'`,
      [accountId],
    );
    const adminNames = inserted.rows.slice(0, admins).map((r) => r.username);
    await db.query(
      `insert into user_roles (account_id, user_id, role_id)
       select $1, u.id, r.id from users u, roles r
        where u.account_id = $1 and u.username = any($2::text[]) and r.account_id = $1 and r.code = 'account_admin'`,
      [accountId, adminNames],
    );
    return {
      accountId,
      admins: adminNames,
      members: inserted.rows.slice(admins).map((r) => r.username),
      ids: inserted.rows.map((r) => Number(r.id)),
    };
  } finally {
    await db.end();
  }
}

/**
 * `count` audit entries of the demo account over the last 90 days (the trigger chains them), in
 * statements of 5,000 rows: within one transaction every row would update the chain head again,
 * and the head's lookups would walk ever longer chains of its dead versions.
 */
export async function seedAudit(databaseUrl, accountId, count) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let from = 1; from <= count; from += 5000) {
      await db.query(
        `insert into audit_entries (account_id, user_id, username, action, object_type, object_id, object_name,
                                    status, info, ip, request_id, created_at)
         select $1, null, 'lu_' || lpad((1 + i % 300)::text, 5, '0'),
                (array['auth.login','auth.logout','user.update','user.add','role.grant','account.passwordPolicy',
                       'recharge.create','instance.opened'])[1 + i % 8],
                (array['session','session','user','user','role','account','recharge','instance'])[1 + i % 8],
                (i % 5000)::text, 'object_' || (i % 5000),
                case when i % 25 = 0 then 0 else 1 end,
                jsonb_build_object('n', i, 'source', 'load bench seed'),
                '10.0.' || (i % 250) || '.' || (i % 200), 'seed-' || i,
                now() - make_interval(secs => ($2::int - i) * (90 * 86400.0 / $2::int))
           from generate_series($3::int, least($3::int + 4999, $2::int)) as i`,
        [accountId, count, from],
      );
    }
    await db.query('analyze audit_entries');
  } finally {
    await db.end();
  }
}

/** 30 days of hourly usage of the demo account's opened instances, through the signed usage hook. */
export async function seedUsage(databaseUrl, base, secret, { days = 30, batch = 5000 } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let instances;
  try {
    instances = (
      await db.query(
        `select i.instance_name from instances i join accounts a on a.id = i.account_id
          where a.name = 'demo' and i.status = 1 order by i.id`,
      )
    ).rows.map((r) => r.instance_name);
  } finally {
    await db.end();
  }
  const skus = ['vc_gp', 'vc_ap', 'vc_integration', 'bulk_ingestion', 'stream_ingestion', 'task_schedule'];
  const workspaces = ['default', 'etl'];
  const nowHour = Math.floor(Date.now() / hourMs) * hourMs;
  const records = [];
  for (let h = 1; h <= days * 24; h += 1) {
    const start = nowHour - h * hourMs;
    for (const instanceName of instances) {
      for (const workspace of workspaces) {
        for (const [k, skuCode] of skus.entries()) {
          records.push({
            recordId: `load-${instanceName}-${workspace}-${skuCode}-${start}`,
            accountName: 'demo',
            instanceName,
            skuCode,
            workspace,
            periodStart: new Date(start).toISOString(),
            periodEnd: new Date(start + hourMs).toISOString(),
            quantity: ((((h * 31 + k * 17) % 97) + 1) / 400).toFixed(3),
          });
        }
      }
    }
  }
  let accepted = 0;
  for (let i = 0; i < records.length; i += batch) {
    const body = JSON.stringify({ records: records.slice(i, i + batch) });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const res = await fetch(`${base}/api/hooks/usage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cz-signature': signature },
      body,
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`usage hook: ${res.status} ${json.code} ${json.message}`);
    accepted += json.data.accepted;
  }
  return { records: records.length, accepted, instances: instances.length };
}

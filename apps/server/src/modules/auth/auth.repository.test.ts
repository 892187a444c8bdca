import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import { auditEntries } from '../../db/schema';
import { createAccountWithRoles } from '../account';
import { writeAudit } from '../audit';
import { insertUser } from '../user';
import { completeLogin } from './auth.repository';

describe.skipIf(!process.env.TEST_DATABASE_URL)('completeLogin on PostgreSQL', () => {
  it("waits for an administrator's change of the user without deadlocking on the audit chain", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const { accountId } = await createAccountWithRoles(database.db, {
        name: 'lockorder',
        displayName: 'lockorder',
        type: 2,
      });
      const userId = await insertUser(database.db, { accountId, username: 'signs_in', passwordHash: 'x' });
      const now = new Date();
      let login: Promise<unknown> | null = null;
      // An administrator's change: the user's row first, the audit entry (the chain head) last.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${userId} for update`);
        login = completeLogin(database.db, {
          attemptKey: randomBytes(32),
          tokenHash: randomBytes(32),
          accountId,
          userId,
          username: 'signs_in',
          now,
          expiresAt: new Date(now.getTime() + 3_600_000),
          ip: null,
          userAgent: null,
          requestId: null,
          signInMethod: 'password',
        });
        await new Promise((r) => setTimeout(r, 300)); // the sign-in now waits for the user's row
        await writeAudit(tx, {
          accountId,
          userId: null,
          username: 'admin',
          action: 'user.update',
          objectType: 'user',
          objectId: String(userId),
          isSuccess: true,
          createdAt: now,
        });
      });
      await login;
      const entries = await database.db
        .select({ action: auditEntries.action })
        .from(auditEntries)
        .where(eq(auditEntries.accountId, accountId))
        .orderBy(auditEntries.seq);
      expect(entries.map((e) => e.action)).toEqual(['user.update', 'auth.login']);
    } finally {
      await drop();
    }
  });
});

/**
 * The statements of verification: codes sent (which also count sends for the rate limits), the
 * checkTokens of verified codes, the development outbox, and the phone or e-mail of a user as the
 * target of a code.
 */
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { checkTokens, outbox, users, verificationCodes } from '../../db/schema';

type TChannel = 'sms' | 'email';

/** What the sending limits of a target decide on. */
export type TSendStats = {
  /** When the latest code of this purpose went to this target (any time), or null. */
  lastAt: Date | null;
  /** Codes of the last hour to this target, whatever their purpose. */
  perTarget: number;
  /** Codes of the last hour to this target for this purpose. */
  samePurpose: number;
  /** Codes of the last hour asked from this client address. */
  perIp: number;
};

export async function findSendStats(
  db: TDb,
  input: { target: string; purpose: string; ip: string | null; since: Date },
): Promise<TSendStats> {
  const vc = verificationCodes;
  const isTarget = sql`${vc.target} = ${input.target}`;
  const isPurpose = sql`${vc.purpose} = ${input.purpose}`;
  const isRecent = sql`${vc.createdAt} > ${input.since}`;
  const isIp = sql`${vc.ip} = ${input.ip}`;
  // An aggregate without grouping answers one row, with zero counts when nothing matches.
  const [stats] = await db
    .select({
      lastAt: sql`max(${vc.createdAt}) filter (where ${isTarget} and ${isPurpose})`.mapWith(vc.createdAt),
      perTarget: sql<number>`(count(*) filter (where ${isTarget} and ${isRecent}))::int`,
      samePurpose: sql<number>`(count(*) filter (where ${isTarget} and ${isPurpose} and ${isRecent}))::int`,
      perIp: sql<number>`(count(*) filter (where ${isIp} and ${isRecent}))::int`,
    })
    .from(vc)
    .where(or(isTarget, and(isIp, isRecent)));
  return {
    lastAt: stats?.lastAt ?? null,
    perTarget: stats?.perTarget ?? 0,
    samePurpose: stats?.samePurpose ?? 0,
    perIp: stats?.perIp ?? 0,
  };
}

/** Serialises the sends to one target until the transaction `tx` ends. */
export async function lockTarget(tx: TDb, key: bigint): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

export async function insertCode(
  db: TDb,
  code: {
    purpose: string;
    channel: TChannel;
    target: string;
    accountId: number | null;
    userId: number | null;
    codeHash: Buffer;
    ip: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(verificationCodes).values(code).returning({ id: verificationCodes.id });
  if (!row) throw new Error('verification code insert returned no row');
  return row.id;
}

/** Removes a code whose message did not leave: it counts neither as sent nor against the limits. */
export async function deleteUnsentCode(db: TDb, id: number): Promise<void> {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.id, id), eq(verificationCodes.isSent, false)));
}

export async function markCodeSent(db: TDb, id: number): Promise<void> {
  await db.update(verificationCodes).set({ isSent: true }).where(eq(verificationCodes.id, id));
}

export type TCodeRow = {
  id: number;
  codeHash: Buffer;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
};

/** The latest sent code of a purpose and target, locked until the transaction `tx` ends. */
export async function findLatestCodeForUpdate(
  tx: TDb,
  input: { purpose: string; target: string; channel: TChannel },
): Promise<TCodeRow | null> {
  const rows = await tx
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
      expiresAt: verificationCodes.expiresAt,
      consumedAt: verificationCodes.consumedAt,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, input.purpose),
        eq(verificationCodes.target, input.target),
        eq(verificationCodes.channel, input.channel),
        eq(verificationCodes.isSent, true),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function consumeCode(db: TDb, id: number, now: Date): Promise<void> {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));
}

export async function setCodeAttempts(db: TDb, id: number, attempts: number): Promise<void> {
  await db.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, id));
}

export async function insertCheckToken(
  db: TDb,
  token: {
    tokenHash: Buffer;
    purpose: string;
    channel: TChannel;
    target: string;
    accountId: number | null;
    userId: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(checkTokens).values(token);
}

export type TCheckTokenRow = {
  id: number;
  purpose: string;
  channel: TChannel;
  target: string;
  accountId: number | null;
  userId: number | null;
  expiresAt: Date;
  consumedAt: Date | null;
};

/** The checkToken of a digest; locked until the transaction ends with `forUpdate`. */
export async function findCheckToken(
  db: TDb,
  tokenHash: Buffer,
  forUpdate = false,
): Promise<TCheckTokenRow | null> {
  const query = db
    .select({
      id: checkTokens.id,
      purpose: checkTokens.purpose,
      channel: checkTokens.channel,
      target: checkTokens.target,
      accountId: checkTokens.accountId,
      userId: checkTokens.userId,
      expiresAt: checkTokens.expiresAt,
      consumedAt: checkTokens.consumedAt,
    })
    .from(checkTokens)
    .where(eq(checkTokens.tokenHash, tokenHash));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function consumeCheckTokenRow(db: TDb, id: number, now: Date): Promise<void> {
  await db.update(checkTokens).set({ consumedAt: now }).where(eq(checkTokens.id, id));
}

/**
 * The phone and e-mail of a user that is not deleted (of a regular user only, with
 * `isRegularOnly`), or null.
 */
export async function findUserContact(
  db: TDb,
  accountId: number,
  userId: number,
  isRegularOnly = false,
): Promise<{ phone: string | null; phoneCode: string; email: string | null } | null> {
  const conditions: SQL[] = [eq(users.id, userId), eq(users.accountId, accountId), isNull(users.deletedAt)];
  if (isRegularOnly) conditions.push(eq(users.kind, 'regular'));
  const rows = await db
    .select({ phone: users.phone, phoneCode: users.phoneCode, email: users.email })
    .from(users)
    .where(and(...conditions));
  return rows[0] ?? null;
}

export async function insertOutboxMessage(
  db: TDb,
  message: {
    channel: TChannel;
    recipient: string;
    subject: string;
    text: string;
    code: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(outbox).values(message);
}

/** The latest 50 messages of the development outbox, of one recipient when given. */
export async function listOutbox(db: TDb, recipient: string | null) {
  return db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(sql`${outbox.id} desc`)
    .limit(50);
}

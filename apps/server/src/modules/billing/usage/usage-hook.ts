/**
 * The usage hook's signature: `X-CZ-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * t + "." + raw body)>`. A signature older or newer than five minutes is refused, and one already
 * accepted (kept as a digest in `hook_replays` for ten minutes) is a replay and refused too.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@console/contract/codes';
import type { FastifyRequest } from 'fastify';
import type { TDeps } from '../../../context';
import type { TDb } from '../../../db/client';
import { AppError } from '../../../errors';
import { rememberDigest } from './usage.repository';

const toleranceMs = 5 * 60_000;

export function signUsage(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Why a signature is refused, or null when it is good. */
export function signatureProblem(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
): string | null {
  if (!header) return 'missing signature';
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed signature';
  if (Math.abs(now.getTime() - t * 1000) > toleranceMs) return 'signature outside the time window';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'signature mismatch';
  return null;
}

/** Remembers an accepted signature; false when it was accepted before (a replay). */
export async function rememberSignature(
  db: TDb,
  scope: string,
  signature: string,
  now: Date,
): Promise<boolean> {
  const digest = createHash('sha256').update(`${scope}\n${signature}`).digest();
  return rememberDigest(db, digest, new Date(now.getTime() + 2 * toleranceMs));
}

/** Refuses (401, logged) a usage batch that is unsigned, mis-signed or replayed. */
export async function requireSignedUsage(deps: TDeps, request: FastifyRequest): Promise<void> {
  const header = request.headers['x-cz-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  const now = deps.clock.now();
  const problem =
    signatureProblem(deps.config.billing.usageHookSecret, signature, request.rawBody ?? '', now) ??
    ((await rememberSignature(deps.db, 'usage', signature as string, now)) ? null : 'replayed signature');
  if (problem) {
    request.log.warn({ reason: problem, ip: request.ip }, 'usage batch refused');
    throw new AppError(ErrorCode.unauthenticated);
  }
}

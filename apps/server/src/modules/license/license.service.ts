/**
 * Huawei-cloud license activation. A license is a signed string
 * `HWL1.<base64url JSON { id, customer, issuedAt, expireTime }>.<base64url Ed25519 signature>`,
 * verified with the configured public key; a forged or damaged one is refused (4030), an expired
 * or released one too (4031). Statuses: ALIVE, EXPIRED (past its expire time), RELEASED.
 */
import { createPrivateKey, createPublicKey, randomUUID, sign, verify } from 'node:crypto';
import type { TLicense, TLicenseStatus } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { requireAdapter } from '../../adapters/registry';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import { writeAudit } from '../audit';
import { devLicensePrivateKey, devLicensePublicKey } from './dev-license-key';
import {
  findLicense,
  insertLicense,
  listLicenseRows,
  markReleased,
  type TLicenseRow,
} from './license.repository';

export type TLicensePayload = { id: string; customer: string; issuedAt: string; expireTime: string };

const prefix = 'HWL1';

export function issueLicense(
  privateKeyPem: string,
  input: { customer: string; days: number; now?: Date; id?: string },
): string {
  const now = input.now ?? new Date();
  const payload: TLicensePayload = {
    id: input.id ?? randomUUID(),
    customer: input.customer,
    issuedAt: now.toISOString(),
    expireTime: new Date(now.getTime() + input.days * 86_400_000).toISOString(),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign(null, Buffer.from(`${prefix}.${body}`), createPrivateKey(privateKeyPem)).toString(
    'base64url',
  );
  return `${prefix}.${body}.${signature}`;
}

export function issueDevLicense(input: { customer: string; days: number; now?: Date; id?: string }): string {
  return issueLicense(devLicensePrivateKey, input);
}

/** The configured key, the development key where stand-ins answer, else 4106. */
function publicKeyOf(deps: TDeps): string {
  if (deps.config.licensePublicKey) return deps.config.licensePublicKey;
  requireAdapter(deps.config, 'license');
  return devLicensePublicKey;
}

/** The payload of a license whose signature verifies, else null. */
export function readLicense(publicKeyPem: string, license: string): TLicensePayload | null {
  const [tag, body, signature] = license.trim().split('.');
  if (tag !== prefix || !body || !signature) return null;
  try {
    const isSigned = verify(
      null,
      Buffer.from(`${prefix}.${body}`),
      createPublicKey(publicKeyPem),
      Buffer.from(signature, 'base64url'),
    );
    if (!isSigned) return null;
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TLicensePayload;
    if (typeof payload.id !== 'string' || Number.isNaN(Date.parse(payload.expireTime))) return null;
    return payload;
  } catch {
    return null;
  }
}

function statusOf(row: Pick<TLicenseRow, 'releasedAt' | 'expireTime'>, now: Date): TLicenseStatus {
  if (row.releasedAt) return 'RELEASED';
  return row.expireTime.getTime() <= now.getTime() ? 'EXPIRED' : 'ALIVE';
}

/** Shown without its signature: the id is enough to recognise it. */
function shown(row: TLicenseRow): string {
  return `${row.licenseId} (${row.customer})`;
}

function licenseOf(row: TLicenseRow, now: Date): TLicense {
  return {
    license: shown(row),
    status: statusOf(row, now),
    activeTime: row.activatedAt.toISOString(),
    expireTime: row.expireTime.toISOString(),
  };
}

export async function activateLicense(deps: TDeps, license: string): Promise<TLicense> {
  const payload = readLicense(publicKeyOf(deps), license);
  if (!payload) throw new AppError(ErrorCode.licenseInvalid);
  const now = deps.clock.now();
  const expireTime = new Date(payload.expireTime);
  if (expireTime.getTime() <= now.getTime()) throw new AppError(ErrorCode.licenseExpired);
  const existing = await findLicense(deps.db, payload.id);
  if (existing) {
    if (statusOf(existing, now) !== 'ALIVE') throw new AppError(ErrorCode.licenseExpired);
    return licenseOf(existing, now);
  }
  // License entries belong to the installation, not to an account: they are chained under 0.
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertLicense(tx, {
      licenseId: payload.id,
      license: license.trim(),
      customer: payload.customer,
      activatedAt: now,
      expireTime,
    });
    if (inserted) {
      await writeAudit(tx, {
        accountId: null,
        userId: null,
        username: null,
        action: 'license.activate',
        objectType: 'license',
        objectId: payload.id,
        objectName: payload.customer,
        isSuccess: true,
        info: { expireTime: expireTime.toISOString() },
        createdAt: now,
      });
    }
    return inserted;
  });
  const stored = row ?? (await findLicense(deps.db, payload.id));
  if (!stored) throw new AppError(ErrorCode.licenseInvalid);
  return licenseOf(stored, now);
}

export async function listLicenses(deps: TDeps): Promise<TLicense[]> {
  const now = deps.clock.now();
  const rows = await listLicenseRows(deps.db);
  return rows.map((row) => licenseOf(row, now));
}

/**
 * Releases an activated license (operators, through the CLI or the back office, whose `audit`
 * writes the entry with the operator and reason); answers whether there was one.
 */
export async function releaseLicense(
  deps: TDeps,
  licenseId: string,
  audit?: (tx: TDb) => Promise<void>,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await markReleased(tx, licenseId, now))) return false;
    if (audit) return audit(tx).then(() => true);
    await writeAudit(tx, {
      accountId: null,
      userId: null,
      username: null,
      action: 'license.release',
      objectType: 'license',
      objectId: licenseId,
      isSuccess: true,
      info: { by: 'operator' },
      createdAt: now,
    });
    return true;
  });
}

export type TLicenseState = {
  licenseId: string;
  customer: string;
  status: TLicenseStatus;
  activatedAt: string;
  expireTime: string;
  releasedAt: string | null;
};

function stateOf(row: TLicenseRow, now: Date): TLicenseState {
  return {
    licenseId: row.licenseId,
    customer: row.customer,
    status: statusOf(row, now),
    activatedAt: row.activatedAt.toISOString(),
    expireTime: row.expireTime.toISOString(),
    releasedAt: row.releasedAt?.toISOString() ?? null,
  };
}

/** The activated licenses with their ids, customers and states (the back office's list). */
export async function listLicenseStates(deps: TDeps): Promise<TLicenseState[]> {
  const now = deps.clock.now();
  return (await listLicenseRows(deps.db)).map((row) => stateOf(row, now));
}

/** One activated license's state, or null. */
export async function findLicenseState(deps: TDeps, licenseId: string): Promise<TLicenseState | null> {
  const row = await findLicense(deps.db, licenseId);
  return row ? stateOf(row, deps.clock.now()) : null;
}

/**
 * Whether the back office may sign licenses here: only with the development key, where it answers
 * (no public key configured and stand-ins allowed). A configured public key's private key stays
 * off the server (`license-issue --private-key`).
 */
export function canIssueFromConsole(deps: TDeps): boolean {
  return deps.config.licensePublicKey === null && deps.config.devAdapters;
}

/**
 * Signs a license as `license-issue` does without a key file (the development key), for the back
 * office: 4374 where a configured public key would refuse it. `audit` writes the entry in a
 * transaction; the signed text is answered once and not kept.
 */
export async function issueConsoleLicense(
  deps: TDeps,
  input: { customer: string; days: number },
  audit: (tx: TDb, issued: TLicensePayload) => Promise<void>,
): Promise<TLicensePayload & { license: string }> {
  if (deps.config.licensePublicKey !== null) throw new AppError(ErrorCode.opsLicenseKeyOffline);
  requireAdapter(deps.config, 'license');
  const license = issueDevLicense({ customer: input.customer, days: input.days, now: deps.clock.now() });
  const payload = readLicense(devLicensePublicKey, license);
  if (!payload) throw new Error('a license just signed does not verify');
  await deps.db.transaction((tx) => audit(tx, payload));
  return { ...payload, license };
}

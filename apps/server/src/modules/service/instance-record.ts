/**
 * An instance as the API, the jobs and the provisioner see it (its view in a language: the address
 * only while opened or hidden, the failure only while failed), and the finders other modules use.
 */
import type { TInstance, TLanguage } from '@console/contract';
import type { TInstanceRef } from '../../adapters/provisioner';
import type { TDb } from '../../db/client';
import {
  findAccountInstanceRow,
  findAccountInstanceRowByName,
  findInstanceRow,
  listAccountInstanceRows,
  type TInstanceRow,
} from './instance.repository';

export type TNamed = { name_zh: string; name_en: string };

/** The name of a catalogue row in the language. */
export const nameIn = (lang: TLanguage, row: TNamed) => (lang === 'en-US' ? row.name_en : row.name_zh);

/** The name in the language of a Chinese and an English one. */
export const localName = (lang: TLanguage, zh: string, en: string) => (lang === 'en-US' ? en : zh);

export const isoOf = (v: Date | null) => (v === null ? null : v.toISOString());

/** An instance with everything the API, the jobs and the provisioner need. */
export type TInstanceRecord = {
  id: number;
  accountId: number;
  status: number;
  operationId: string | null;
  attempt: number;
  deadlineAt: Date | null;
  userLimit: number | null;
  serviceCode: string;
  ref: TInstanceRef;
  view: (lang: TLanguage) => TInstance;
};

export function instanceRecordOf(r: TInstanceRow): TInstanceRecord {
  const status = r.status;
  return {
    id: r.id,
    accountId: r.accountId,
    status,
    operationId: r.operationId,
    attempt: r.attempt,
    deadlineAt: r.deadlineAt,
    userLimit: r.userLimit,
    serviceCode: r.serviceCode,
    ref: {
      instanceName: r.instanceName,
      service: r.serviceCode,
      version: r.versionCode,
      csp: r.csp,
      region: r.region,
      accountName: r.accountName,
      attempt: r.attempt,
      openedAt: r.openedAt,
    },
    view: (lang) => ({
      id: r.id,
      serviceId: r.serviceId,
      serviceKind: r.serviceId,
      serviceName: localName(lang, r.serviceNameZh, r.serviceNameEn),
      versionId: r.versionId,
      versionCode: r.versionCode,
      versionName: localName(lang, r.versionNameZh, r.versionNameEn),
      regionId: r.regionId,
      csp: r.csp,
      cspName: localName(lang, r.cspNameZh, r.cspNameEn),
      region: r.region,
      regionName: localName(lang, r.regionNameZh, r.regionNameEn),
      instanceName: r.instanceName,
      status: status as TInstance['status'],
      url: status === 1 || status === 3 ? r.url : null,
      failReason: status === 2 ? r.failReason : null,
      createTime: r.createdAt.toISOString(),
      openTime: isoOf(r.openedAt),
      closeTime: isoOf(r.closedAt),
    }),
  };
}

/** The instance of an id, whichever account's (jobs). */
export async function findInstanceById(db: TDb, instanceId: number): Promise<TInstanceRecord | null> {
  const row = await findInstanceRow(db, instanceId);
  return row ? instanceRecordOf(row) : null;
}

/** The account's instance of an id, or null (another account's, or none). */
export async function findAccountInstance(
  db: TDb,
  accountId: number,
  instanceId: number,
): Promise<TInstanceRecord | null> {
  const row = await findAccountInstanceRow(db, accountId, instanceId);
  return row ? instanceRecordOf(row) : null;
}

/** The account's instance of a name, or null (another account's, or none). */
export async function findAccountInstanceByName(
  db: TDb,
  accountId: number,
  instanceName: string,
): Promise<TInstanceRecord | null> {
  const row = await findAccountInstanceRowByName(db, accountId, instanceName);
  return row ? instanceRecordOf(row) : null;
}

/** The account's live instances (opened or hidden: they exist on the platform), the newest first. */
export async function listLiveInstances(db: TDb, accountId: number): Promise<TInstanceRecord[]> {
  const rows = await listAccountInstanceRows(db, { accountId, statuses: [1, 3], order: 'newest' });
  return rows.map(instanceRecordOf);
}

/**
 * `sso.samlMetadataRefresh` (recurring, daily): reads the IdP metadata of every SAML configuration
 * that gives a metadata URL again, so that a certificate rotation (or a new sign-on URL) at the
 * identity provider needs no save. The entity id stays the one saved (an administrator may have
 * overridden it).
 *
 * - A reading that fails (unreachable, not metadata, refused by the outbound address rule) keeps
 *   the metadata read before; the failure is logged, recorded with the configuration (the SSO
 *   configuration page shows it) and audited in the account's log (`sso.metadata.refresh`,
 *   failure, `by: system`).
 * - A reading that changed the certificates or the sign-on URL is applied and audited (success,
 *   `by: system`, the certificates' SHA-256 fingerprints added and removed); so is the first good
 *   reading after a failure. A reading that changed nothing only moves the reading time.
 *
 * Requests follow the outbound address rule (lib/outbound.ts). Runs on one replica at a time.
 */
import { X509Certificate } from 'node:crypto';
import type { TDeps } from '../../context';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { outboundFetch, outboundRefusalOf, type TOutboundFetch } from '../../lib/outbound';
import { writeAudit } from '../audit';
import { briefOf } from '../external-sign-in';
import type { TIdpMetadata } from './saml';
import { metadataUrlForRecord, readMetadataUrl } from './saml-flow';
import { listMetadataUrlConfigs, recordMetadataReading, type TMetadataUrlConfig } from './sso.repository';
import { outboundOf } from './sso-settings';
import { SsoSourceError } from './sso-source-problem';

export const samlMetadataRefreshJobKind = 'sso.samlMetadataRefresh';
export const samlMetadataRefreshEveryMs = 24 * 60 * 60_000;
const batch = 100;

type TLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type TRefreshOutcome = 'unchanged' | 'changed' | 'failed' | 'skipped';

/** The SHA-256 fingerprint of a base64 DER certificate (or a note when it cannot be read). */
function fingerprintOf(base64: string): string {
  try {
    return new X509Certificate(Buffer.from(base64, 'base64')).fingerprint256;
  } catch {
    return '(unreadable)';
  }
}

/**
 * A failed reading as the configuration keeps it for the SSO page: the phrase that says which host
 * could not be reached and why (or what the metadata lacks), as JSON, worded in the language of
 * whoever opens the page (`metadataErrorText`); the English text when there is no phrase.
 */
function storedReasonOf(caught: unknown, brief: string): string {
  if (caught instanceof SsoSourceError) return JSON.stringify(caught.phrase);
  const refusal = outboundRefusalOf(caught);
  if (refusal)
    return JSON.stringify({ key: '4135', params: { host: refusal.host, address: refusal.address } });
  return brief;
}

/** Reads one configuration's metadata URL again and records the outcome. */
export async function refreshMetadataOf(
  deps: TDeps,
  config: TMetadataUrlConfig,
  fetch: TOutboundFetch,
  log: TLog,
): Promise<TRefreshOutcome> {
  let read: TIdpMetadata | null = null;
  /** Why the reading failed: in English for the log and the audit, and as the page words it. */
  let error: string | null = null;
  let shown: string | null = null;
  try {
    read = await readMetadataUrl(config.metadataUrl, fetch);
  } catch (caught) {
    error = briefOf(caught, 300);
    shown = storedReasonOf(caught, error);
  }
  const added = read ? read.certificates.filter((c) => !config.certificates.includes(c)) : [];
  const removed = read ? config.certificates.filter((c) => !read.certificates.includes(c)) : [];
  const isSsoUrlChanged = read !== null && read.ssoUrl !== config.ssoUrl;
  const isChanged = added.length > 0 || removed.length > 0 || isSsoUrlChanged;
  const isRecovered = read !== null && config.error !== null;
  const now = deps.clock.now();

  const isRecorded = await deps.db.transaction(async (tx) => {
    const isCurrent = await recordMetadataReading(tx, {
      accountId: config.accountId,
      metadataUrl: config.metadataUrl,
      checkedAt: now,
      read: read ? { ssoUrl: read.ssoUrl, certificates: read.certificates } : null,
      error: shown,
    });
    // Saved again meanwhile with another source: this reading is not of the current settings.
    if (!isCurrent) return false;
    if (error !== null || isChanged || isRecovered) {
      await writeAudit(tx, {
        accountId: config.accountId,
        userId: null,
        username: null,
        action: 'sso.metadata.refresh',
        objectType: 'sso',
        objectId: String(config.accountId),
        objectName: 'SAML2',
        isSuccess: error === null,
        info: {
          by: 'system',
          metadataUrl: metadataUrlForRecord(config.metadataUrl),
          ...(error !== null
            ? { error, keptCertificates: config.certificates.length }
            : {
                certificatesAdded: added.map(fingerprintOf),
                certificatesRemoved: removed.map(fingerprintOf),
                ...(isSsoUrlChanged ? { ssoUrl: read?.ssoUrl } : {}),
                ...(isRecovered ? { recovered: true } : {}),
              }),
        },
        createdAt: now,
      });
    }
    return true;
  });
  if (!isRecorded) return 'skipped';
  if (error !== null) {
    log.warn(
      { accountId: config.accountId, metadataUrl: metadataUrlForRecord(config.metadataUrl), error },
      'SAML metadata refresh failed; the metadata read before stays in use',
    );
    return 'failed';
  }
  if (isChanged) {
    log.info(
      { accountId: config.accountId, added: added.length, removed: removed.length, isSsoUrlChanged },
      'SAML metadata refreshed with changes',
    );
    return 'changed';
  }
  return 'unchanged';
}

/** Reads every configured metadata URL again, a batch at a time; answers the count of each outcome. */
export async function refreshSamlMetadata(deps: TDeps, log: TLog): Promise<Record<TRefreshOutcome, number>> {
  const counts: Record<TRefreshOutcome, number> = { unchanged: 0, changed: 0, failed: 0, skipped: 0 };
  const fetch = outboundFetch(outboundOf(deps));
  let after = 0;
  for (;;) {
    const configs = await listMetadataUrlConfigs(deps.db, after, batch);
    for (const config of configs) {
      counts[await refreshMetadataOf(deps, config, fetch, log)] += 1;
    }
    const last = configs.at(-1);
    if (!last || configs.length < batch) break;
    after = last.accountId;
  }
  return counts;
}

export function createSamlMetadataRefreshJob(log: TLog): TJobHandler {
  return async (_job, deps) => {
    const counts = await refreshSamlMetadata(deps, log);
    if (counts.changed + counts.failed > 0) log.info(counts, 'SAML metadata refresh done');
    return { nextRunAt: new Date(deps.clock.now().getTime() + samlMetadataRefreshEveryMs) };
  };
}

/** Makes sure the daily refresh exists (once, whatever the number of replicas). */
export async function scheduleSamlMetadataRefresh(deps: TDeps): Promise<void> {
  await enqueueJob(deps.db, {
    kind: samlMetadataRefreshJobKind,
    runAt: deps.clock.now(),
    dedupeKey: samlMetadataRefreshJobKind,
  });
}

/**
 * What the review queues show: each queue's count and oldest age, its waiting items (oldest first)
 * with their claims, an item's detail per kind, and the uploaded file of an item (a business
 * licence, a transfer slip) streamed from the storage (a folder or an S3-compatible store) through
 * the back office's own route, never the customers'. The items are read through their modules'
 * services (certification, billing, account).
 */
import { fenToYuan } from '@console/contract/billing-enums';
import { isEnterpriseResult } from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';
import {
  opsReviewClaimMinutes,
  type TOpsFormalReview,
  type TOpsRemittanceReview,
  type TOpsReviewFile,
  type TOpsReviewKind,
  type TOpsReviewList,
  type TOpsReviewListItem,
  type TOpsReviewSummary,
  type TOpsVerificationReview,
} from '@console/contract/ops';
import {
  isFormalDeclineReason,
  isRemittanceRejectReason,
  isVerificationRejectReason,
} from '@console/contract/review-reasons';
import type { FastifyReply } from 'fastify';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../errors';
import {
  accountFactsOf,
  findAccountById,
  findFormalApplication,
  listFormalApplicationsForReview,
} from '../account';
import {
  currencyOf,
  findRemittanceForReview,
  findUpload,
  listPendingRemittances,
  remittanceCreditSerial,
  remittanceRemark,
} from '../billing';
import { findForReview, latestVerificationOf, listForReview, type TCertificationRow } from '../certification';
import type { TOpsActor } from '../operator';
import { liveClaims } from './ops-reviews.repository';
import { claimView } from './ops-reviews-view';

const notFound = () => new AppError(ErrorCode.opsReviewItemNotFound);

function ageOf(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
}

const isWaitingVerification = (row: TCertificationRow | null): row is TCertificationRow =>
  row !== null && row.type === 'enterprise' && row.status === 'verifying' && row.manualReview;

/** Whether the item waits for an operator's decision. */
export async function isWaiting(db: TDb, kind: TOpsReviewKind, id: number): Promise<boolean> {
  if (kind === 'verification') return isWaitingVerification(await findForReview(db, id));
  if (kind === 'remittance') return (await findRemittanceForReview(db, id))?.status === 'pending';
  return (await findFormalApplication(db, id))?.status === 'submitted';
}

type TWaiting = Omit<TOpsReviewListItem, 'ageSeconds' | 'claim' | 'submittedAt'> & { submittedAt: Date };

async function waitingItems(deps: TDeps, kind: TOpsReviewKind): Promise<TWaiting[]> {
  if (kind === 'verification') {
    const rows = await listForReview(deps, true);
    return rows
      .filter((r) => r.type === 'enterprise')
      .map((r) => ({
        kind,
        id: r.id,
        accountId: r.accountId,
        accountName: r.accountName,
        title: r.companyName ?? '',
        amount: null,
        submittedAt: r.createdAt,
      }))
      .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || a.id - b.id);
  }
  if (kind === 'remittance') {
    return (await listPendingRemittances(deps.db)).map((r) => ({
      kind,
      id: r.id,
      accountId: r.accountId,
      accountName: r.accountName,
      title: r.payerName,
      amount: fenToYuan(r.amountFen),
      submittedAt: r.createdAt,
    }));
  }
  return (await listFormalApplicationsForReview(deps)).map((r) => ({
    kind,
    id: r.id,
    accountId: r.accountId,
    accountName: r.accountName,
    title: r.company,
    amount: null,
    submittedAt: r.createdAt,
  }));
}

export async function reviewSummary(deps: TDeps): Promise<TOpsReviewSummary> {
  const now = deps.clock.now();
  const queues = await Promise.all(
    (['verification', 'remittance', 'formal'] as const).map(async (kind) => {
      const items = await waitingItems(deps, kind);
      const claims = await liveClaims(
        deps.db,
        kind,
        items.map((i) => i.id),
        now,
      );
      const oldest = items[0]?.submittedAt ?? null;
      return {
        kind,
        count: items.length,
        claimed: claims.length,
        oldestAt: oldest?.toISOString() ?? null,
        oldestAgeSeconds: oldest ? ageOf(oldest, now) : null,
      };
    }),
  );
  return { queues, claimMinutes: opsReviewClaimMinutes };
}

export async function reviewList(
  deps: TDeps,
  actor: TOpsActor,
  kind: TOpsReviewKind,
): Promise<TOpsReviewList> {
  const now = deps.clock.now();
  const items = await waitingItems(deps, kind);
  const claims = new Map(
    (
      await liveClaims(
        deps.db,
        kind,
        items.map((i) => i.id),
        now,
      )
    ).map((c) => [c.itemId, c]),
  );
  return {
    kind,
    list: items.map((item) => {
      const claim = claims.get(item.id);
      return {
        ...item,
        submittedAt: item.submittedAt.toISOString(),
        ageSeconds: ageOf(item.submittedAt, now),
        claim: claim ? claimView(claim, actor.id) : null,
      };
    }),
  };
}

async function claimOf(deps: TDeps, actor: TOpsActor, kind: TOpsReviewKind, id: number) {
  const [claim] = await liveClaims(deps.db, kind, [id], deps.clock.now());
  return claim ? claimView(claim, actor.id) : null;
}

async function fileOf(deps: TDeps, fileId: string | null): Promise<TOpsReviewFile | null> {
  const upload = fileId ? await findUpload(deps.db, fileId) : null;
  return upload ? { fileName: upload.fileName, contentType: upload.contentType, size: upload.size } : null;
}

async function accountRef(deps: TDeps, accountId: number) {
  const account = await findAccountById(deps.db, accountId);
  if (!account) throw notFound();
  return { id: account.id, name: account.name, displayName: account.displayName };
}

export async function verificationReview(
  deps: TDeps,
  actor: TOpsActor,
  id: number,
): Promise<TOpsVerificationReview> {
  const row = await findForReview(deps.db, id);
  if (row?.type !== 'enterprise' || !row.manualReview) throw notFound();
  const isDecided = row.status !== 'verifying';
  return {
    id: row.id,
    status: row.status,
    account: await accountRef(deps, row.accountId),
    form: {
      companyName: row.companyName,
      creditCode: row.creditCode,
      legalPersonName: row.legalPersonNameMask,
      legalPersonIdMasked: row.legalPersonIdMask,
      bankName: row.bankName,
      bankAccountMasked: row.bankAccountMask,
    },
    provider: {
      // While waiting, the provider's answer was "manual review"; once decided, `result` is the operator's.
      result: !isDecided && isEnterpriseResult(row.result) ? row.result : null,
      isManualReview: row.manualReview,
      reference: row.providerRef,
    },
    licence: await fileOf(deps, row.licenseFileId),
    submittedAt: row.createdAt.toISOString(),
    ageSeconds: ageOf(row.createdAt, deps.clock.now()),
    decision: isDecided
      ? {
          reasonCode: isVerificationRejectReason(row.reasonCode) ? row.reasonCode : null,
          note: row.reason,
          decidedAt: row.decidedAt?.toISOString() ?? null,
        }
      : null,
    claim: await claimOf(deps, actor, 'verification', id),
  };
}

export async function remittanceReview(
  deps: TDeps,
  actor: TOpsActor,
  id: number,
): Promise<TOpsRemittanceReview> {
  const r = await findRemittanceForReview(deps.db, id);
  if (!r) throw notFound();
  const slip = await fileOf(deps, r.uploadId);
  return {
    id: r.id,
    status: r.status,
    account: await accountRef(deps, r.accountId),
    amount: fenToYuan(r.amountFen),
    currency: currencyOf(deps.config.edition),
    payerName: r.payerName,
    payerAccount: r.payerAccount,
    expectedRemark: remittanceRemark(r.accountName),
    receivingBank: deps.config.remittance,
    slip: slip ?? { fileName: r.fileName, contentType: 'application/octet-stream', size: 0 },
    submittedAt: r.createdAt.toISOString(),
    ageSeconds: ageOf(r.createdAt, deps.clock.now()),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewReason: isRemittanceRejectReason(r.reviewReason) ? r.reviewReason : null,
    reviewNote: r.reviewNote,
    serialNo: r.status === 'confirmed' ? await remittanceCreditSerial(deps.db, id) : null,
    claim: await claimOf(deps, actor, 'remittance', id),
  };
}

export async function formalReview(deps: TDeps, actor: TOpsActor, id: number): Promise<TOpsFormalReview> {
  const a = await findFormalApplication(deps.db, id);
  if (!a) throw notFound();
  const facts = await accountFactsOf(deps, a.accountId);
  if (!facts) throw notFound();
  const verification = await latestVerificationOf(deps.db, a.accountId);
  return {
    id: a.id,
    status: a.status,
    form: {
      contactName: a.contactName,
      company: a.company,
      email: a.email,
      openServices: Array.isArray(a.openServices) ? a.openServices.filter(Number.isInteger) : [],
    },
    account: {
      id: facts.account.id,
      name: facts.account.name,
      displayName: facts.account.displayName,
      type: facts.account.type,
      status: facts.account.status,
      companyName: facts.account.companyName,
      createdAt: facts.account.createdAt.toISOString(),
      trialDaysLeft: facts.trialDaysLeft,
      users: facts.users,
      verification,
    },
    submittedAt: a.createdAt.toISOString(),
    ageSeconds: ageOf(a.createdAt, deps.clock.now()),
    reasonCode: isFormalDeclineReason(a.reasonCode) ? a.reasonCode : null,
    reasonNote: a.reasonNote,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    claim: await claimOf(deps, actor, 'formal', id),
  };
}

const viewableTypes = /^(image\/(jpeg|png)|application\/pdf)$/;

/**
 * Streams the item's file (a licence or a slip) inline, with its own type (image/* or PDF), never
 * cached; an item without a stored file answers 4332 or 404.
 */
export async function streamItemFile(
  deps: TDeps,
  kind: 'verification' | 'remittance',
  id: number,
  reply: FastifyReply,
): Promise<null> {
  let fileId: string | null = null;
  if (kind === 'verification') {
    const row = await findForReview(deps.db, id);
    if (row?.type !== 'enterprise' || !row.manualReview) throw notFound();
    fileId = row.licenseFileId;
  } else {
    const row = await findRemittanceForReview(deps.db, id);
    if (!row) throw notFound();
    fileId = row.uploadId;
  }
  const upload = fileId ? await findUpload(deps.db, fileId) : null;
  if (!upload || !viewableTypes.test(upload.contentType)) throw new AppError(ErrorCode.notFound);
  const file = await deps.storage.get(upload.storageKey).catch((error: unknown) => {
    throw new AppError(ErrorCode.unavailable, { cause: error });
  });
  if (!file) throw new AppError(ErrorCode.notFound);
  const ascii = upload.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  await reply
    .header('content-type', upload.contentType)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
  return null;
}

/**
 * The back office's catalogue and issuance (issue 40, item 6; decision 0054). Each act calls the
 * service its command calls (`catalogue import`'s rules and writer, `license-issue` and
 * `license-release`, `invite-create`) and writes, in the act's transaction, an entry of the
 * installation's audit chain with the operator, their role and the reason.
 */
import { ErrorCode } from '@console/contract/codes';
import type { TOpsCatalogueChange } from '@console/contract/ops';
import type { TDeps, TOpsAuth, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { currencyOf } from '../billing/money';
import {
  changeCatalogue,
  readCatalogueForEditing,
  type TCatalogueChange,
} from '../catalogue/catalogue.service';
import {
  canIssueFromConsole,
  findLicenseState,
  issueConsoleLicense,
  listLicenseStates,
  releaseLicense,
  type TLicenseState,
} from '../license/license.service';
import { actorOf, auditOperatorAct } from '../operator';
import {
  createInviteCode,
  generateInviteCode,
  listInviteCodes,
  maskInviteCode,
} from '../registration/registration.service';

export async function getCatalogue(deps: TDeps) {
  return { ...(await readCatalogueForEditing(deps)), currency: currencyOf(deps.config.edition) };
}

/** One row of the catalogue created, updated or removed, audited as `catalogue.<kind>.<act>`. */
export async function applyCatalogueChange(
  deps: TDeps,
  auth: TOpsAuth,
  change: TCatalogueChange,
  reason: string,
  meta: TRequestMeta,
): Promise<TOpsCatalogueChange> {
  const at = deps.clock.now();
  return changeCatalogue(deps, change, (tx, done) =>
    auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: `catalogue.${change.kind}.${change.act}`,
      objectType: 'catalogue',
      target: { id: null, username: `${change.kind} ${done.key}` },
      isSuccess: true,
      reason,
      info: {
        kind: change.kind,
        key: done.key,
        outcome: done.outcome,
        before: done.before,
        after: done.after,
      },
      meta,
      at,
    }),
  );
}

export async function listLicenses(deps: TDeps) {
  const list = await listLicenseStates(deps);
  return { list, total: list.length, canIssue: canIssueFromConsole(deps) };
}

/** Signs a licence as `license-issue` does; the signed text is answered once and never kept. */
export async function issueLicense(
  deps: TDeps,
  auth: TOpsAuth,
  input: { customer: string; days: number; reason: string },
  meta: TRequestMeta,
) {
  const at = deps.clock.now();
  const issued = await issueConsoleLicense(deps, input, (tx, payload) =>
    auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'license.issue',
      objectType: 'license',
      target: { id: payload.id, username: payload.customer },
      isSuccess: true,
      reason: input.reason,
      info: { days: input.days, expireTime: payload.expireTime },
      meta,
      at,
    }),
  );
  return {
    license: issued.license,
    licenseId: issued.id,
    customer: issued.customer,
    issuedAt: issued.issuedAt,
    expireTime: issued.expireTime,
  };
}

/** Releases an activated licence as `license-release` does: 4375 when none is alive under that id. */
export async function releaseActivatedLicense(
  deps: TDeps,
  auth: TOpsAuth,
  input: { licenseId: string; reason: string },
  meta: TRequestMeta,
): Promise<TLicenseState> {
  const before = await findLicenseState(deps, input.licenseId);
  if (!before || before.status === 'RELEASED') throw new AppError(ErrorCode.opsLicenseNotFound);
  const at = deps.clock.now();
  const isReleased = await releaseLicense(deps, input.licenseId, (tx) =>
    auditOperatorAct(tx, {
      actor: actorOf(auth),
      action: 'license.release',
      objectType: 'license',
      target: { id: input.licenseId, username: before.customer },
      isSuccess: true,
      reason: input.reason,
      info: { from: before.status },
      meta,
      at,
    }),
  );
  const after = isReleased ? await findLicenseState(deps, input.licenseId) : null;
  if (!after) throw new AppError(ErrorCode.opsLicenseNotFound);
  return after;
}

export function listInvites(deps: TDeps, page: { pageNo: number; pageSize: number }) {
  return listInviteCodes(deps, page);
}

/** Creates an invite code as `invite-create` does (a random one when none is given), shown once. */
export async function createInvite(
  deps: TDeps,
  auth: TOpsAuth,
  input: { code?: string | undefined; maxUses: number; validDays: number | null; reason: string },
  meta: TRequestMeta,
) {
  const at = deps.clock.now();
  const created = await createInviteCode(
    deps,
    { code: input.code ?? generateInviteCode(), maxUses: input.maxUses, validDays: input.validDays },
    (tx, invite) =>
      auditOperatorAct(tx, {
        actor: actorOf(auth),
        action: 'inviteCode.create',
        objectType: 'inviteCode',
        target: { id: null, username: maskInviteCode(invite.code) },
        isSuccess: true,
        reason: input.reason,
        info: { maxUses: invite.maxUses, expiresAt: invite.expiresAt?.toISOString() ?? null },
        meta,
        at,
      }),
  );
  return {
    code: created.code,
    maxUses: created.maxUses,
    expiresAt: created.expiresAt?.toISOString() ?? null,
  };
}

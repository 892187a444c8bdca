/**
 * Enterprise verification: company, credit code (GB 32100), legal person, bank account and the
 * business licence (an upload of the account with purpose businessLicense). The provider answers a
 * result at once, or the check waits for an operator (certification-review.service.ts).
 */
import type { TCertification, TCompanyVerifyRequest } from '@console/contract';
import { maskBankAccount, maskIdNumber, maskPersonName } from '@console/contract/certification-rules';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { requireAdapter } from '../../adapters/registry';
import type { TAuth, TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { translateValidation } from '../../i18n';
import { findUpload } from '../billing';
import { insertCertification } from './certification.repository';
import {
  actorOf,
  applyPass,
  audit,
  certificationView,
  providerFailure,
  requireOpen,
  takeAttempt,
} from './certification.service';

function licenceError(lang: TLanguage): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { licenseFileId: translateValidation(lang, 'licenseFile') } },
  });
}

export async function companyVerify(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  body: Required<{ [K in keyof TCompanyVerifyRequest]: string }>,
  meta: TRequestMeta,
): Promise<TCertification> {
  requireAdapter(deps.config, 'identity');
  const upload = await findUpload(deps.db, body.licenseFileId);
  if (!upload || upload.accountId !== auth.accountId || upload.purpose !== 'businessLicense')
    throw licenceError(lang);
  await requireOpen(deps, auth.accountId, 'enterprise');
  await takeAttempt(deps, auth.accountId);
  let check: Awaited<ReturnType<TDeps['identity']['checkEnterprise']>>;
  try {
    check = await deps.identity.checkEnterprise({
      companyName: body.companyName,
      creditCode: body.creditCode,
      legalPersonName: body.legalPersonName,
      legalPersonId: body.legalPersonId,
      bankAccount: body.bankAccount,
      bankName: body.bankName,
    });
  } catch (error) {
    throw providerFailure(error);
  }
  const now = deps.clock.now();
  const actor = actorOf(auth, meta);
  const row = await deps.db.transaction(async (tx) => {
    const isManual = check.result === 'manual';
    const status = isManual ? 'verifying' : check.result === 'CONSISTENT' ? 'passed' : 'failed';
    const inserted = await insertCertification(tx, {
      accountId: auth.accountId,
      userId: auth.userId,
      type: 'enterprise',
      status,
      result: isManual ? null : check.result,
      manualReview: isManual,
      companyName: body.companyName,
      creditCode: body.creditCode,
      legalPersonNameMask: maskPersonName(body.legalPersonName),
      legalPersonIdMask: maskIdNumber(body.legalPersonId),
      bankAccountMask: maskBankAccount(body.bankAccount),
      bankName: body.bankName,
      licenseFileId: body.licenseFileId,
      sealedData: deps.secrets.seal(
        JSON.stringify({
          legalPersonName: body.legalPersonName,
          legalPersonId: body.legalPersonId,
          bankAccount: body.bankAccount,
        }),
      ),
      providerRef: check.ref,
      createdAt: now,
      updatedAt: now,
    });
    await audit(
      tx,
      actor,
      'certification.companyVerify',
      inserted,
      status !== 'failed',
      { result: inserted.result, manualReview: isManual, creditCode: body.creditCode },
      now,
    );
    if (status === 'passed') await applyPass(tx, actor, inserted, now);
    return inserted;
  });
  return certificationView(row);
}

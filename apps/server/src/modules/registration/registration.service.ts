/**
 * Registration: a new account (name: 8 random lowercase letters, a 30-day trial) and its first
 * user as account administrator. It needs the image captcha, a verified REGISTER_FORM code for
 * its phone (domestic) or e-mail (international), an invite code in the international edition,
 * the agreement when the general-availability flag is on, and a password under the default
 * policy; a client address registers at most 5 accounts an hour. Whether the phone or e-mail is
 * already registered is told only after its code was verified. Guesses (invite codes, marketplace
 * tokens, refused proofs) count on the client's address (decision 0012, scope `registration`),
 * which is answered 429 while blocked; the captcha of its phase is the one registration always needs.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type TCreateAwsMktAccountRequest,
  type TCreatedAccount,
  type TMarketplaceCustomer,
  type TRegistrationFields,
  ZRegistrationInfo,
} from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { AccountType } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import type { FastifyRequest } from 'fastify';
import type { TDeps, TRequestMeta } from '../../context';
import { AppError } from '../../errors';
import { fieldErrorsOf } from '../../http/validation';
import { translateValidation } from '../../i18n';
import { createAccountWithRoles } from '../account';
import { loginAddressOf } from '../account/account.service';
import { type TAddressCaller, underAddressLimit } from '../address-limit/address-limit.service';
import { writeAudit } from '../audit';
import { requireCaptcha } from '../captcha';
import { getPolicy, requireUnderPolicy } from '../password/password.service';
import { grantRole, insertUser } from '../user';
import { consumeCheckToken, emailTarget, phoneTarget } from '../verification';
import {
  countRegistrationsFrom,
  findRegistrationKey,
  insertInviteCode,
  isAccountNameTaken,
  isInviteCodeUsable,
  isRegistered,
  updateRegistrationInfo,
  useInviteCode,
} from './registration.repository';

function fieldError(request: FastifyRequest, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(request.lang, key) } },
  });
}

/** Refusals that count as a guess on the client's address. */
const guessAnswers: readonly number[] = [
  ErrorCode.inviteCodeInvalid,
  ErrorCode.marketplaceTokenInvalid,
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeExpired,
];

/** Runs a registration step under the limits of the client's address. */
export function underRegistrationLimit<T>(
  deps: TDeps,
  caller: Omit<TAddressCaller, 'scope'>,
  run: () => Promise<T>,
): Promise<T> {
  return underAddressLimit(
    deps,
    { ...caller, scope: 'registration' },
    { isFailure: (error) => guessAnswers.includes(error.code) },
    run,
  );
}

function randomAccountName(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
}

export async function resolveMarketplaceToken(
  deps: TDeps,
  token: string,
  offerType: string | null,
): Promise<TMarketplaceCustomer> {
  let customer: TMarketplaceCustomer | null;
  try {
    customer = await deps.marketplace.resolve(
      token,
      offerType,
      AbortSignal.timeout(deps.config.sendTimeoutMs),
    );
  } catch (error) {
    // Not configured (4101) says so; any other failure reads as a token that does not resolve.
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.marketplaceTokenInvalid, { cause: error });
  }
  if (!customer) throw new AppError(ErrorCode.marketplaceTokenInvalid);
  return customer;
}

export function register(
  deps: TDeps,
  request: FastifyRequest,
  body: TRegistrationFields,
  checkToken: string,
  meta: TRequestMeta,
): Promise<TCreatedAccount> {
  return underRegistrationLimit(deps, meta, () => createAccount(deps, request, body, checkToken, meta, null));
}

async function createAccount(
  deps: TDeps,
  request: FastifyRequest,
  body: TRegistrationFields,
  checkToken: string,
  meta: TRequestMeta,
  marketplace: TMarketplaceCustomer | null,
): Promise<TCreatedAccount> {
  const isInternational = deps.config.edition === 'international';
  if (deps.config.features.gaAgreement && body.agreement !== true)
    throw fieldError(request, 'agreement', 'agreementRequired');
  if (isInternational && !body.email) throw fieldError(request, 'email', 'emailRequired');
  if (!isInternational && !body.phone) throw fieldError(request, 'phone', 'phoneRequired');
  const inviteCode = body.inviteCode?.trim() || null;
  if (isInternational && !inviteCode) throw fieldError(request, 'inviteCode', 'inviteCodeRequired');

  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const recent = await countRegistrationsFrom(deps.db, meta.ip, hourAgo);
  if (meta.ip && recent >= deps.config.registrationsPerIpPerHour) {
    throw new AppError(ErrorCode.tooManyRequests, {
      messageKey: 'registrationLimit',
      headers: { 'retry-after': '3600' },
    });
  }
  await requireCaptcha(deps, { captchaId: body.captchaId, captchaCode: body.captcheCode });
  requireUnderPolicy(body.password, await getPolicy(deps.db, null));
  if (inviteCode && !(await isInviteCodeUsable(deps.db, inviteCode, now))) {
    throw new AppError(ErrorCode.inviteCodeInvalid);
  }

  const contact =
    body.email && isInternational
      ? { channel: 'email' as const, target: emailTarget(body.email) }
      : { channel: 'sms' as const, target: phoneTarget(body.phone ?? '', body.phoneCode) };
  const checked = await consumeCheckToken(deps, checkToken, ['REGISTER_FORM']);
  if (checked.channel !== contact.channel || checked.target !== contact.target) {
    throw new AppError(ErrorCode.verificationFailed);
  }
  // Only now, with the code verified, may the answer tell that the address is taken.
  if (await isRegistered(deps.db, contact, marketplace?.customerId ?? null)) {
    throw new AppError(ErrorCode.alreadyRegistered);
  }

  const passwordHash = await deps.hasher.hash(body.password);
  const registrationKey = randomBytes(24).toString('base64url');
  const account = await deps.db.transaction(async (tx) => {
    if (inviteCode && !(await useInviteCode(tx, inviteCode, now))) {
      throw new AppError(ErrorCode.inviteCodeInvalid);
    }
    let name = randomAccountName();
    for (let i = 0; i < 5; i += 1) {
      if (!(await isAccountNameTaken(tx, name))) break;
      name = randomAccountName();
    }
    const { accountId, roleIds } = await createAccountWithRoles(tx, {
      name,
      displayName: name,
      type: AccountType.trial,
      companyName: body.registerCompany?.trim() || null,
      createdAt: now,
      registrationPhone: contact.channel === 'sms' ? contact.target : null,
      registrationEmail: contact.channel === 'email' ? contact.target : null,
      registrationIp: meta.ip,
      registrationKeyHash: deps.secrets.digest('registration-key', registrationKey),
      marketplaceCustomerId: marketplace?.customerId ?? null,
    });
    const userId = await insertUser(tx, {
      accountId,
      username: body.username,
      passwordHash,
      phone: contact.channel === 'sms' ? (body.phone ?? null) : null,
      phoneCode: body.phoneCode ?? '86',
      email: contact.channel === 'email' ? contact.target : body.email ? emailTarget(body.email) : null,
    });
    await grantRole(tx, accountId, userId, roleIds.account_admin, null);
    await writeAudit(tx, {
      accountId,
      userId,
      username: body.username,
      action: 'account.register',
      objectType: 'account',
      objectId: String(accountId),
      objectName: name,
      isSuccess: true,
      info: {
        via: marketplace ? 'marketplace' : 'registration',
        inviteCode: Boolean(inviteCode),
        company: body.registerCompany ?? null,
      },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
    return { id: accountId, name };
  });
  return {
    id: account.id,
    name: account.name,
    displayName: account.name,
    loginAddress: loginAddressOf(deps.config, account.name),
    registrationKey,
  };
}

export function registerFromMarketplace(
  deps: TDeps,
  request: FastifyRequest,
  body: TCreateAwsMktAccountRequest,
  checkToken: string,
  meta: TRequestMeta,
): Promise<TCreatedAccount> {
  return underRegistrationLimit(deps, meta, async () => {
    const customer = await resolveMarketplaceToken(deps, body.awsMktToken, body.awsMktOfferType ?? null);
    return createAccount(deps, request, body, checkToken, meta, customer);
  });
}

/** Saves the questionnaire of a registration, proven by its registrationKey within a day. */
export async function saveRegistrationInfo(
  deps: TDeps,
  request: FastifyRequest,
  body: { id: number; registrationKey: string; registrationInfo: string },
  meta: TRequestMeta,
): Promise<null> {
  const account = await findRegistrationKey(deps.db, body.id);
  const given = deps.secrets.digest('registration-key', body.registrationKey);
  const now = deps.clock.now();
  const isValid =
    account?.keyHash &&
    account.keyHash.length === given.length &&
    timingSafeEqual(account.keyHash, given) &&
    now.getTime() - account.createdAt.getTime() <= Limits.registrationInfoTtlSeconds * 1000;
  if (!isValid) throw new AppError(ErrorCode.forbidden);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.registrationInfo);
  } catch {
    throw fieldError(request, 'registrationInfo', 'invalidFormat');
  }
  const info = ZRegistrationInfo.safeParse(parsed, { reportInput: true });
  if (!info.success) {
    throw new AppError(ErrorCode.badRequest, {
      data: { fieldErrors: fieldErrorsOf(request.lang, info.error.issues, 'registrationInfo') },
    });
  }
  const others = info.data.registration_reason_other.filter((text) => text.length > 0);
  if (info.data.registration_reason.includes('other') && others.length === 0) {
    throw fieldError(request, 'registration_reason_other', 'reasonOtherRequired');
  }
  await deps.db.transaction(async (tx) => {
    await updateRegistrationInfo(tx, body.id, { ...info.data, registration_reason_other: others }, now);
    await writeAudit(tx, {
      accountId: body.id,
      userId: null,
      username: null,
      action: 'account.registrationInfo',
      objectType: 'account',
      objectId: String(body.id),
      isSuccess: true,
      info: { reasons: info.data.registration_reason },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  return null;
}

/** An invite code for registration (operator command `invite-create`), usable `maxUses` times. */
export async function createInviteCode(
  deps: TDeps,
  invite: { code: string; maxUses: number; validDays: number | null },
): Promise<void> {
  const now = deps.clock.now();
  const expiresAt =
    invite.validDays === null ? null : new Date(now.getTime() + invite.validDays * 86_400_000);
  await insertInviteCode(deps.db, { code: invite.code, maxUses: invite.maxUses, expiresAt });
}

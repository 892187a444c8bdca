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
  type TAwsMktBuyerForm,
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
import { MarketplaceRefusal, type TResolvedCustomer } from '../../adapters/marketplace';
import type { TDeps, TRequestMeta } from '../../context';
import type { TDb } from '../../db/client';
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
  deleteMarketplaceArrival,
  findMarketplaceArrival,
  findRegistrationKey,
  insertInviteCode,
  insertMarketplaceArrival,
  isAccountNameTaken,
  isAwsAccountRegistered,
  isInviteCodeUsable,
  isRegistered,
  listInviteCodeRows,
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
  ErrorCode.marketplaceTokenExpired,
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

/**
 * The reference /aws-register carries for a token AWS Marketplace posted to the registration URL
 * (`receiveMarketplaceBuyer`): `awsmkt.<random>`; the token itself stays on the server.
 */
const arrivalPrefix = 'awsmkt.';
/** How long a posted token is held for the buyer to finish the form. */
export const marketplaceArrivalTtlMs = 3_600_000;

function arrivalDigest(deps: TDeps, reference: string): Buffer {
  return deps.secrets.digest('marketplace-arrival', reference);
}

/**
 * AWS Marketplace's registration URL: the buyer's browser posts `x-amzn-marketplace-token` (and,
 * for a free trial, `x-amzn-marketplace-offer-type`). The token is sealed and held for an hour
 * under a random reference, which the redirect to /aws-register carries instead of the token.
 * Without a token: /aws-register itself, whose page says the token is missing.
 */
export async function receiveMarketplaceBuyer(
  deps: TDeps,
  form: TAwsMktBuyerForm,
  meta: TRequestMeta,
): Promise<string> {
  const token = form['x-amzn-marketplace-token']?.trim();
  if (!token) return '/aws-register';
  const offerType = form['x-amzn-marketplace-offer-type']?.trim() || null;
  const reference = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await insertMarketplaceArrival(
      tx,
      {
        referenceHash: arrivalDigest(deps, reference),
        tokenSealed: deps.secrets.seal(token),
        offerType,
        expiresAt: new Date(now.getTime() + marketplaceArrivalTtlMs),
      },
      now,
    );
    await writeAudit(tx, {
      accountId: null,
      userId: null,
      username: null,
      action: 'account.marketplaceArrival',
      objectType: 'account',
      isSuccess: true,
      info: { provider: 'aws', offerType },
      ip: meta.ip,
      requestId: meta.requestId,
      createdAt: now,
    });
  });
  const query = new URLSearchParams({ token: `${arrivalPrefix}${reference}` });
  if (offerType) query.set('offerType', offerType);
  return `/aws-register?${query.toString()}`;
}

/** A token as given, or the one held for a reference of the registration URL. */
async function heldToken(
  deps: TDeps,
  token: string,
  offerType: string | null,
): Promise<{ token: string; offerType: string | null; referenceHash: Buffer | null }> {
  if (!token.startsWith(arrivalPrefix)) return { token, offerType, referenceHash: null };
  const referenceHash = arrivalDigest(deps, token.slice(arrivalPrefix.length));
  const arrival = await findMarketplaceArrival(deps.db, referenceHash);
  if (!arrival) throw new AppError(ErrorCode.marketplaceTokenInvalid);
  if (arrival.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new AppError(ErrorCode.marketplaceTokenExpired);
  return { token: deps.secrets.open(arrival.tokenSealed), offerType: arrival.offerType, referenceHash };
}

/**
 * Resolves a marketplace token (or a registration URL's reference to one) to its customer:
 * unknown 4029, expired 4210, the marketplace unable to answer now 4211 (try later), an AWS
 * account that already has an account here 4212.
 */
async function resolveCustomer(
  deps: TDeps,
  given: string,
  givenOfferType: string | null,
): Promise<TResolvedCustomer & { referenceHash: Buffer | null }> {
  const { token, offerType, referenceHash } = await heldToken(deps, given, givenOfferType);
  let customer: TResolvedCustomer | null;
  try {
    customer = await deps.marketplace.resolve(
      token,
      offerType,
      AbortSignal.timeout(deps.config.sendTimeoutMs),
    );
  } catch (error) {
    // Not configured (4101) says so.
    if (error instanceof AppError) throw error;
    if (error instanceof MarketplaceRefusal && error.reason === 'expired')
      throw new AppError(ErrorCode.marketplaceTokenExpired);
    throw new AppError(ErrorCode.marketplaceUnavailable, {
      cause: error instanceof MarketplaceRefusal ? error : new Error('marketplace call failed'),
    });
  }
  if (!customer) throw new AppError(ErrorCode.marketplaceTokenInvalid);
  if (customer.awsAccountId && (await isAwsAccountRegistered(deps.db, customer.awsAccountId)))
    throw new AppError(ErrorCode.marketplaceAccountRegistered);
  return { ...customer, referenceHash };
}

export async function resolveMarketplaceToken(
  deps: TDeps,
  token: string,
  offerType: string | null,
): Promise<TMarketplaceCustomer> {
  const customer = await resolveCustomer(deps, token, offerType);
  return {
    customerId: customer.customerId,
    productCode: customer.productCode,
    offerType: customer.offerType,
  };
}

/** The unique index of the AWS account refused a second account. */
function isAwsAccountTaken(error: unknown): boolean {
  type TPgError = { code?: string; constraint?: string };
  const e = error as (TPgError & { cause?: TPgError }) | null;
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return pg?.constraint === 'accounts_marketplace_aws_account_id_key';
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
  marketplace: (TResolvedCustomer & { referenceHash: Buffer | null }) | null,
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
  const account = await deps.db
    .transaction(async (tx) => {
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
        marketplaceAwsAccountId: marketplace?.awsAccountId ?? null,
        marketplaceLicenseArn: marketplace?.licenseArn ?? null,
        marketplaceProductCode: marketplace?.productCode ?? null,
        marketplaceCustomerIdentifier: marketplace?.customerIdentifier ?? null,
      });
      if (marketplace?.referenceHash) await deleteMarketplaceArrival(tx, marketplace.referenceHash);
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
          ...(marketplace
            ? {
                productCode: marketplace.productCode,
                awsAccountId: marketplace.awsAccountId,
                offerType: marketplace.offerType,
              }
            : {}),
        },
        ip: meta.ip,
        requestId: meta.requestId,
        createdAt: now,
      });
      return { id: accountId, name };
    })
    .catch((error: unknown) => {
      // Two registrations from one AWS account at once: the unique index keeps one.
      if (isAwsAccountTaken(error)) throw new AppError(ErrorCode.marketplaceAccountRegistered);
      throw error;
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
    const customer = await resolveCustomer(deps, body.awsMktToken, body.awsMktOfferType ?? null);
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
  audit?: (tx: TDb, created: { code: string; maxUses: number; expiresAt: Date | null }) => Promise<void>,
): Promise<{ code: string; maxUses: number; expiresAt: Date | null }> {
  const now = deps.clock.now();
  const expiresAt =
    invite.validDays === null ? null : new Date(now.getTime() + invite.validDays * 86_400_000);
  const created = { code: invite.code, maxUses: invite.maxUses, expiresAt };
  await deps.db.transaction(async (tx) => {
    if (!(await insertInviteCode(tx, { ...created, createdAt: now }))) {
      throw new AppError(ErrorCode.opsInviteCodeExists);
    }
    await audit?.(tx, created);
  });
  return created;
}

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random invite code of 12 characters (no 0/O, 1/l/I), about 70 bits. */
export function generateInviteCode(): string {
  return Array.from({ length: 12 }, () => inviteAlphabet[randomInt(inviteAlphabet.length)]).join('');
}

/** An invite code as lists and the audit show it: its first two characters. */
export function maskInviteCode(code: string): string {
  return `${code.slice(0, 2)}${'•'.repeat(Math.max(code.length - 2, 2))}`;
}

export type TInviteCodeState = 'usable' | 'usedUp' | 'expired';

/** A page of invite codes with their state; the codes masked (a code handed out is a secret). */
export async function listInviteCodes(deps: TDeps, page: { pageNo: number; pageSize: number }) {
  const now = deps.clock.now();
  const pageNo = Math.max(page.pageNo, 1);
  const { rows, total } = await listInviteCodeRows(deps.db, {
    offset: (pageNo - 1) * page.pageSize,
    limit: page.pageSize,
  });
  const list = rows.map((r) => {
    const state: TInviteCodeState =
      r.usedCount >= r.maxUses
        ? 'usedUp'
        : r.expiresAt && r.expiresAt.getTime() <= now.getTime()
          ? 'expired'
          : 'usable';
    return {
      codeMasked: maskInviteCode(r.code),
      maxUses: r.maxUses,
      usedCount: r.usedCount,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      state,
    };
  });
  return { list, total, pageNo, pageSize: page.pageSize };
}

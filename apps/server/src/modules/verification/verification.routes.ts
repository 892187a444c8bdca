import { ErrorCode } from '@console/contract/codes';
import { checkPhone } from '@console/contract/contact-rules';
import type { TAuthCodeType, TAuthMethod } from '@console/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TAuth, TDeps } from '../../context';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/define-route';
import { requestMeta } from '../../http/request-meta';
import { translateValidation } from '../../i18n';
import { createCaptcha, type TCaptchaAnswer } from '../captcha';
import {
  channelOf,
  checkCodeFrom,
  emailTarget,
  phoneTarget,
  sendCode,
  type TCodeTarget,
} from './code.service';
import { countryList } from './countries';
import { recentOutbox } from './delivery';
import { targetOfLookup, targetOfUser } from './target.service';

type TTargetInput = {
  accountId?: number | undefined;
  userId?: number | undefined;
  authCodeType: TAuthCodeType;
  phone?: string | undefined;
  phoneCode?: string | undefined;
  email?: string | undefined;
  lookupId?: string | undefined;
};

function fieldError(request: FastifyRequest, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(request.lang, key) } },
  });
}

/** An explicit phone number (checked against the mainland rule for +86). */
function explicitPhone(request: FastifyRequest, phone: string, phoneCode = '86'): string {
  const problem = checkPhone(phone, phoneCode);
  if (problem) throw fieldError(request, 'phone', problem);
  return phoneTarget(phone, phoneCode);
}

/**
 * Whom a code goes to: the explicit phone or e-mail of the request, else the phone or e-mail of a
 * user (`accountId` + `userId`, or the signed-in user).
 */
async function resolveTarget(
  deps: TDeps,
  request: FastifyRequest,
  auth: TAuth | null,
  input: TTargetInput,
): Promise<TCodeTarget> {
  const channel = channelOf(input.authCodeType);
  if (input.lookupId) return targetOfLookup(deps, input.lookupId, channel);
  const owner = { accountId: auth?.accountId ?? null, userId: auth?.userId ?? null };
  if (input.phone !== undefined || input.email !== undefined) {
    if (channel === 'sms') {
      if (!input.phone) throw fieldError(request, 'phone', 'phoneRequired');
      return { channel, target: explicitPhone(request, input.phone, input.phoneCode), ...owner };
    }
    if (!input.email) throw fieldError(request, 'email', 'emailRequired');
    return { channel, target: emailTarget(input.email), ...owner };
  }
  const accountId = input.accountId ?? auth?.accountId;
  const userId = input.userId ?? auth?.userId;
  if (accountId === undefined || userId === undefined) throw fieldError(request, 'userId', 'required');
  return targetOfUser(deps, channel, accountId, userId);
}

/** Sends a code for the purpose to the target, on behalf of the request's client. */
function sendFor(
  deps: TDeps,
  request: FastifyRequest,
  purpose: TAuthMethod,
  target: TCodeTarget,
  captcha: TCaptchaAnswer,
) {
  const meta = requestMeta(request);
  return sendCode(
    deps,
    { purpose, target, ip: meta.ip, lang: request.lang, captcha, requestId: meta.requestId },
    request.log,
  );
}

export function verificationRoutes(app: FastifyInstance): void {
  defineRoute(app, 'generateImageCaptcha', ({ deps }) => createCaptcha(deps));

  defineRoute(app, 'sendAuthCode', async ({ deps, request, auth, query, headers }) => {
    const target = await resolveTarget(deps, request, auth, query);
    return sendFor(deps, request, headers.authmethod, target, query);
  });

  defineRoute(app, 'checkAuthCode', async ({ deps, request, auth, query, headers }) => {
    const target = await resolveTarget(deps, request, auth, query);
    return checkCodeFrom(
      deps,
      { purpose: headers.authmethod, target, code: headers.authcode, captcha: query },
      requestMeta(request),
    );
  });

  const sendToPhone = (
    deps: TDeps,
    request: FastifyRequest,
    auth: TAuth | null,
    body: {
      phone: string;
      phoneCode?: string | undefined;
      authMethod: Parameters<typeof sendCode>[1]['purpose'];
      captchaId?: string | null | undefined;
      captchaCode?: string | null | undefined;
    },
  ) => {
    const target: TCodeTarget = {
      channel: 'sms',
      target: explicitPhone(request, body.phone, body.phoneCode),
      accountId: auth?.accountId ?? null,
      userId: auth?.userId ?? null,
    };
    return sendFor(deps, request, body.authMethod, target, body);
  };
  defineRoute(app, 'sendPhoneAuthCode', ({ deps, request, body }) => sendToPhone(deps, request, null, body));
  defineRoute(app, 'sendPhoneAuthCodeWithToken', ({ deps, request, auth, body }) =>
    sendToPhone(deps, request, auth, body),
  );

  defineRoute(app, 'checkPhoneAuthCode', async ({ deps, request, body }) => {
    const target: TCodeTarget = {
      channel: 'sms',
      target: explicitPhone(request, body.phone, body.phoneCode),
      accountId: null,
      userId: null,
    };
    return checkCodeFrom(
      deps,
      { purpose: body.authMethod, target, code: body.code, captcha: body },
      requestMeta(request),
    );
  });

  // Whether the address is already registered is told only after its code was verified
  // (createAccount answers 4027): the send itself answers the same either way.
  defineRoute(app, 'sendAuthCodeForUnregistered', async ({ deps, request, body }) => {
    const target = await resolveTarget(deps, request, null, {
      authCodeType: body.authCodeType,
      ...(body.authCodeType === 'SMS'
        ? { phone: body.phone ?? '', phoneCode: body.phoneCode }
        : { email: body.email ?? '' }),
    });
    return sendFor(deps, request, body.authMethod, target, body);
  });

  defineRoute(app, 'countries', ({ request, reply }) => {
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('vary', 'cz-lang, cookie');
    return countryList(request.lang);
  });

  // The outbox is where development stand-ins deliver: never in production mode, except on a
  // demonstration installation (DEV_ADAPTERS=1).
  if (app.deps.config.devAdapters) {
    defineRoute(app, 'devOutbox', async ({ deps, query }) => {
      const to = query.to ? normalizeOutboxAddress(query.to) : null;
      return { list: await recentOutbox(deps, to) };
    });
  }
}

/** `13800000000` and `+86 13800000000` name the same phone; e-mail addresses are lower-cased. */
export function normalizeOutboxAddress(to: string): string {
  const value = to.trim();
  if (value.includes('@')) return emailTarget(value);
  const match = /^\+?(\d{1,4})\s+(\d+)$/.exec(value);
  if (match) return phoneTarget(match[2] ?? '', match[1]);
  return /^\d+$/.test(value) ? phoneTarget(value) : value;
}

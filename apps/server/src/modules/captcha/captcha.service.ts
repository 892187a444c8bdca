/**
 * Image captchas (svg-captcha): a random picture whose answer is kept only as an HMAC, valid
 * five minutes and usable once, whether answered right or wrong. `captchaId` "-1" with an empty
 * code means "skipped" and passes only where no captcha is required.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TCaptcha } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { SkippedCaptchaId } from '@console/contract/enums';
import { Limits } from '@console/contract/limits';
import svgCaptcha from 'svg-captcha';
import type { TDeps } from '../../context';
import { AppError } from '../../errors';
import { consumeCaptcha, insertCaptcha } from './captcha.repository';

/** svg-captcha's module is also a function drawing a given text (its typings omit it). */
const drawText = svgCaptcha as unknown as (text: string, options: object) => string;

export type TCaptchaAnswer = {
  captchaId?: string | null | undefined;
  captchaCode?: string | null | undefined;
};

export async function createCaptcha(deps: TDeps): Promise<TCaptcha> {
  const options = {
    size: 4,
    noise: 2,
    color: true,
    ignoreChars: '0oO1iIlL',
    background: '#f3f6fb',
    width: 120,
    height: 40,
  };
  const fixed = deps.config.testCaptchaText;
  const picture = fixed ? { text: fixed, data: drawText(fixed, options) } : svgCaptcha.create(options);
  const id = randomBytes(16).toString('hex');
  const now = deps.clock.now();
  await insertCaptcha(deps.db, {
    id,
    answerHash: deps.secrets.digest('captcha', id, picture.text.toLowerCase()),
    createdAt: now,
    expiresAt: new Date(now.getTime() + Limits.captchaTtlSeconds * 1000),
  });
  return { id, imageBase64: `data:image/svg+xml;base64,${Buffer.from(picture.data).toString('base64')}` };
}

/** Whether an answer was given at all (not absent, not the "skipped" marker). */
export function isCaptchaGiven(answer: TCaptchaAnswer): boolean {
  return Boolean(answer.captchaId && answer.captchaId !== SkippedCaptchaId && answer.captchaCode);
}

/** Requires a right answer: 4024 when none is given, 4025 when it is wrong, expired or used. */
export async function requireCaptcha(deps: TDeps, answer: TCaptchaAnswer): Promise<void> {
  if (!isCaptchaGiven(answer))
    throw new AppError(ErrorCode.captchaRequired, { data: { captchaRequired: true } });
  const id = String(answer.captchaId);
  const now = deps.clock.now();
  // Consumed by this attempt, right or wrong: an answer can be tried once.
  const expected = await consumeCaptcha(deps.db, id, now);
  const given = deps.secrets.digest('captcha', id, String(answer.captchaCode).trim().toLowerCase());
  if (!expected || !timingSafeEqual(expected, given)) {
    throw new AppError(ErrorCode.captchaInvalid, { data: { captchaRequired: true } });
  }
}

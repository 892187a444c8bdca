/**
 * The identity-verification provider behind real-name verification: face (liveness) checks of a
 * person against a resident ID number, and enterprise checks (company, credit code, legal person,
 * bank account).
 *
 * Two implementations:
 * - `createHttpIdentityProvider` speaks the provider's API (JSON over HTTP; every request carries
 *   `x-cz-key` and an HMAC-SHA256 signature of `timestamp \n method \n path \n body` with the
 *   secret in `x-cz-signature`, see signed-http.ts);
 * - `createDevIdentityProvider` plays the provider in development and tests. Its face checks end
 *   with the outcome chosen on the development liveness page (`/api/dev/face/{sessionId}`). Its
 *   enterprise checks answer by the company name: a name containing 人工 or Manual waits for
 *   manual review; 未营业 / NotOperating → NOT_OPERATING_NORMALLY; 法人不符 / LegalMismatch →
 *   LEGAL_PERSON_MISMATCH; 四要素 / FourElements → FOUR_ELEMENTS_FAILED; 不存在 / NotFound →
 *   ENTERPRISE_NOT_FOUND; 无法人 / NoLegalPerson → LEGAL_PERSON_NOT_FOUND; otherwise CONSISTENT.
 *
 * Personal data travels to the provider only; errors name the call and the reason, never the data.
 */
import { randomBytes } from 'node:crypto';
import {
  isEnterpriseResult,
  isFaceErrorCode,
  type TEnterpriseResult,
  type TFaceErrorCode,
  type TFaceSessionStatus,
} from '@console/contract/certification-rules';
import { notConfigured } from './registry';
import { createSignedHttp, SignedHttpError, type TSignedAnswer } from './signed-http';

export type TFaceCheck = { status: TFaceSessionStatus; errorCode: TFaceErrorCode | null };

export type TEnterpriseInput = {
  companyName: string;
  creditCode: string;
  legalPersonName: string;
  legalPersonId: string;
  bankAccount: string;
  bankName: string;
};

/** The check's result, or `manual`: an operator decides later. */
export type TEnterpriseCheck =
  | { result: TEnterpriseResult; ref: string | null }
  | { result: 'manual'; ref: string | null };

export type TIdentityProvider = {
  /** Registers a face check of the person; answers the provider's session id. */
  createFaceSession(input: { name: string; idNumber: string }): Promise<{ sessionId: string }>;
  /** The address the phone opens for the liveness check; the provider returns to `returnUrl`. */
  faceCheckUrl(sessionId: string, returnUrl: string): Promise<string>;
  /** How the face check goes. */
  faceResult(sessionId: string): Promise<TFaceCheck>;
  checkEnterprise(input: TEnterpriseInput): Promise<TEnterpriseCheck>;
  /** The development provider's controls (absent for the real one). */
  dev?: TDevIdentityControls;
};

export type TDevIdentityControls = {
  /** Ends a face check with a pass or a face error; false when the session is unknown. */
  chooseFace(sessionId: string, outcome: 'PASS' | TFaceErrorCode): boolean;
};

export class IdentityError extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = 'IdentityError';
    this.reason = reason;
  }
}

export type THttpIdentityOptions = { url: string; key: string; secret: string; timeoutMs: number };

/**
 * The provider's API:
 *   POST /v1/face/sessions                 { name, idNumber } → { sessionId }
 *   POST /v1/face/sessions/{id}/url        { returnUrl } → { url }
 *   GET  /v1/face/sessions/{id}            → { status: waiting|passed|failed, errorCode }
 *   POST /v1/enterprise/checks             { companyName, creditCode, legalPersonName, legalPersonId,
 *                                            bankAccount, bankName } → { result | "MANUAL", ref }
 */
export function createHttpIdentityProvider(options: THttpIdentityOptions): TIdentityProvider {
  const send = createSignedHttp({
    url: options.url,
    secret: options.secret,
    timeoutMs: options.timeoutMs,
    headers: { 'x-cz-key': options.key },
  });
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let answer: TSignedAnswer;
    try {
      answer = await send(method, path, body);
    } catch (error) {
      const reason = error instanceof SignedHttpError ? error.reason : 'UNREACHABLE';
      throw new IdentityError(reason, `${method} ${path.split('/').slice(0, 4).join('/')}: ${reason}`);
    }
    if (!answer.isOk) throw new IdentityError(`HTTP_${answer.status}`, `${method}: ${answer.status}`);
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw new IdentityError('BAD_RESPONSE', `${method}: answer is not JSON`);
    }
  }
  const enc = encodeURIComponent;
  return {
    async createFaceSession(input) {
      const answer = await call<{ sessionId?: unknown }>('POST', '/v1/face/sessions', input);
      if (typeof answer.sessionId !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(answer.sessionId))
        throw new IdentityError('BAD_RESPONSE', 'face session: no session id');
      return { sessionId: answer.sessionId };
    },
    async faceCheckUrl(sessionId, returnUrl) {
      const answer = await call<{ url?: unknown }>('POST', `/v1/face/sessions/${enc(sessionId)}/url`, {
        returnUrl,
      });
      if (typeof answer.url !== 'string' || !/^https:\/\//.test(answer.url))
        throw new IdentityError('BAD_RESPONSE', 'face session: no address');
      return answer.url;
    },
    async faceResult(sessionId) {
      const answer = await call<{ status?: unknown; errorCode?: unknown }>(
        'GET',
        `/v1/face/sessions/${enc(sessionId)}`,
      );
      if (answer.status === 'passed') return { status: 'passed', errorCode: null };
      if (answer.status === 'failed') {
        return {
          status: 'failed',
          errorCode: isFaceErrorCode(answer.errorCode) ? answer.errorCode : 'DATA_ERROR',
        };
      }
      if (answer.status === 'waiting') return { status: 'waiting', errorCode: null };
      throw new IdentityError('BAD_RESPONSE', 'face session: unknown status');
    },
    async checkEnterprise(input) {
      const answer = await call<{ result?: unknown; ref?: unknown }>('POST', '/v1/enterprise/checks', input);
      const ref = typeof answer.ref === 'string' ? answer.ref.slice(0, 128) : null;
      if (answer.result === 'MANUAL') return { result: 'manual', ref };
      if (isEnterpriseResult(answer.result)) return { result: answer.result, ref };
      throw new IdentityError('BAD_RESPONSE', 'enterprise check: unknown result');
    },
  };
}

/** Production mode without IDENTITY_URL: every check refuses with 4102 (never the development answers). */
export function createUnconfiguredIdentityProvider(): TIdentityProvider {
  const refuse = async (): Promise<never> => {
    throw notConfigured('identity');
  };
  return { createFaceSession: refuse, faceCheckUrl: refuse, faceResult: refuse, checkEnterprise: refuse };
}

const enterpriseRules: [RegExp, TEnterpriseResult][] = [
  [/未营业|NotOperating/i, 'NOT_OPERATING_NORMALLY'],
  [/法人不符|LegalMismatch/i, 'LEGAL_PERSON_MISMATCH'],
  [/四要素|FourElements/i, 'FOUR_ELEMENTS_FAILED'],
  [/无法人|NoLegalPerson/i, 'LEGAL_PERSON_NOT_FOUND'],
  [/不存在|NotFound/i, 'ENTERPRISE_NOT_FOUND'],
];

/** The development provider's answer for a company name (see the module's comment). */
export function devEnterpriseResult(companyName: string): TEnterpriseResult | 'manual' {
  if (/人工|Manual/i.test(companyName)) return 'manual';
  for (const [pattern, result] of enterpriseRules) if (pattern.test(companyName)) return result;
  return 'CONSISTENT';
}

/**
 * The development provider: sessions live in this process; the liveness page is the console's
 * own `/api/dev/face/{sessionId}` (`baseUrl` is the console's public address).
 */
export function createDevIdentityProvider(baseUrl: string): TIdentityProvider {
  const sessions = new Map<string, TFaceCheck>();
  return {
    async createFaceSession() {
      const sessionId = `dev-${randomBytes(12).toString('base64url')}`;
      sessions.set(sessionId, { status: 'waiting', errorCode: null });
      return { sessionId };
    },
    async faceCheckUrl(sessionId, returnUrl) {
      const token = new URL(returnUrl).searchParams.get('token') ?? '';
      return `${baseUrl}/api/dev/face/${encodeURIComponent(sessionId)}?token=${encodeURIComponent(token)}`;
    },
    async faceResult(sessionId) {
      // A session this process does not know (a restart) stays waiting until it expires.
      return sessions.get(sessionId) ?? { status: 'waiting', errorCode: null };
    },
    async checkEnterprise(input) {
      const result = devEnterpriseResult(input.companyName);
      return { result, ref: `dev-${randomBytes(6).toString('hex')}` };
    },
    dev: {
      chooseFace(sessionId, outcome) {
        const current = sessions.get(sessionId) ?? { status: 'waiting', errorCode: null };
        if (current.status !== 'waiting') return false;
        sessions.set(
          sessionId,
          outcome === 'PASS'
            ? { status: 'passed', errorCode: null }
            : { status: 'failed', errorCode: outcome },
        );
        return true;
      },
    },
  };
}

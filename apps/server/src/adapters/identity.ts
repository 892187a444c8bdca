/**
 * The identity-verification provider behind real-name verification: face (liveness) checks of a
 * person against a resident ID number, and enterprise checks (company, credit code, legal person,
 * bank account).
 *
 * Two implementations:
 * - `createTencentIdentityProvider` (identity-tencent.ts): Tencent Cloud's FaceID and OCR;
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
import type {
  TEnterpriseResult,
  TFaceErrorCode,
  TFaceSessionStatus,
} from '@console/contract/certification-rules';
import { notConfigured } from './registry';

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
  /**
   * Registers a face check of the person; answers the provider's session id and, when the
   * provider gives it at once, the address the phone opens (the provider returns to `returnUrl`
   * afterwards). `reference` is the console's own, non-personal name of the attempt.
   */
  createFaceSession(input: {
    name: string;
    idNumber: string;
    returnUrl: string;
    reference: string;
  }): Promise<{ sessionId: string; url: string | null }>;
  /** The address the phone opens for a session registered without one (`url: null` above). */
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

/** Production mode without IDENTITY_PROVIDER: every check refuses with 4102 (never the development answers). */
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
      return { sessionId, url: null };
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

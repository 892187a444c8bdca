/**
 * Real-name verification rules (spec sections 3, 4, 5, 8), free of any schema library so that the
 * verification pages can check numbers without loading zod (decision 0008).
 */

/** Kinds of verification: a person (name, resident ID and a face check) or an enterprise. */
export const CertificationTypes = ['personal', 'enterprise'] as const;
export type TCertificationType = (typeof CertificationTypes)[number];

/** Statuses of spec section 4. */
export const CertificationStatuses = ['verifying', 'passed', 'failed'] as const;
export type TCertificationStatus = (typeof CertificationStatuses)[number];

/** Face check errors of spec section 8. */
export const FaceErrorCodes = [
  'NOT_SAME_PERSON',
  'NO_VALID_FACE',
  'VIDEO_FORMAT',
  'UPLOAD_TIMEOUT',
  'TOO_MANY_RETRIES',
  'USER_EXIT',
  'CAMERA_PERMISSION',
  'NETWORK_ERROR',
  'DATA_ERROR',
  'UPLOAD_FAILED',
] as const;
export type TFaceErrorCode = (typeof FaceErrorCodes)[number];

export function isFaceErrorCode(value: unknown): value is TFaceErrorCode {
  return typeof value === 'string' && (FaceErrorCodes as readonly string[]).includes(value);
}

/** Enterprise check results of spec section 8; only CONSISTENT passes. */
export const EnterpriseResults = [
  'CONSISTENT',
  'NOT_OPERATING_NORMALLY',
  'LEGAL_PERSON_MISMATCH',
  'FOUR_ELEMENTS_FAILED',
  'ENTERPRISE_NOT_FOUND',
  'LEGAL_PERSON_NOT_FOUND',
] as const;
export type TEnterpriseResult = (typeof EnterpriseResults)[number];

export function isEnterpriseResult(value: unknown): value is TEnterpriseResult {
  return typeof value === 'string' && (EnterpriseResults as readonly string[]).includes(value);
}

/** States of a face session as the polling page sees them. */
export const FaceSessionStatuses = ['waiting', 'passed', 'failed'] as const;
export type TFaceSessionStatus = (typeof FaceSessionStatuses)[number];

/** Outcomes the development liveness page offers: pass, or one of the face errors. */
export const DevFaceOutcomes = ['PASS', ...FaceErrorCodes] as const;
export type TDevFaceOutcome = (typeof DevFaceOutcomes)[number];

/** Field limits of the verification wizard. */
export const CertificationLimits = {
  personNameMax: 50,
  /** A resident ID (GB 11643): 17 digits and a check character. */
  residentIdLength: 18,
  companyNameMax: 100,
  bankNameMax: 100,
  bankAccountMin: 8,
  bankAccountMax: 32,
  /** Seconds a face session (its QR code) stays valid. */
  faceSessionSeconds: 600,
  /** Polling interval of the desktop page, in milliseconds. */
  facePollMillis: 2000,
} as const;

const idWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCheckChars = '10X98765432';

/** The GB 11643 check character of the first 17 digits of a resident ID number. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (idWeights[i] ?? 0);
  return idCheckChars[sum % 11] ?? '';
}

function isValidBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1800 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false;
  return date.getTime() <= today.getTime();
}

/**
 * A valid 18-character resident ID number (GB 11643): 17 digits, the first not 0, a real birth
 * date not in the future, and the ISO 7064 MOD 11-2 check character (0-9 or X; a lower-case x is
 * accepted).
 */
export function isValidResidentId(value: string, today: Date = new Date()): boolean {
  if (!/^[1-9]\d{16}[\dXx]$/.test(value)) return false;
  if (!isValidBirthDate(value.slice(6, 14), today)) return false;
  return residentIdCheckChar(value.slice(0, 17)) === value[17]?.toUpperCase();
}

/** The 31 characters of a unified social credit code (no I, O, S, V, Z). */
export const CreditCodeChars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The GB 32100 check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CreditCodeChars.indexOf(first17[i] ?? '') * (creditWeights[i] ?? 0);
  return CreditCodeChars[(31 - (sum % 31)) % 31] ?? '';
}

/**
 * A valid unified social credit code (GB 32100): 18 characters of 0-9A-HJ-NPQRTUWXY (upper case),
 * the administrative division code (characters 3 to 8) in digits, and the MOD 31 check character.
 */
export function isValidCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17];
}

/** `110105********123X`: the region (6) and the last 4 characters stay. */
export function maskIdNumber(value: string): string {
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** `************1234`: only the last 4 digits stay. */
export function maskBankAccount(value: string): string {
  const digits = value.replace(/\s+/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/** `张*` / `张**`: the first character stays. */
export function maskPersonName(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 1) return value;
  return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** Removes spaces (bank account numbers are often typed in groups of four). */
export function compactDigits(value: string): string {
  return value.replace(/\s+/g, '');
}

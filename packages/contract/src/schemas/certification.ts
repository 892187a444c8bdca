/**
 * Real-name verification (spec sections 3 "Authentication", 4, 5, 7 "Billing" certification calls,
 * 8): personal verification with a face check on a phone, enterprise verification, statuses.
 *
 * Personal data (ID numbers, bank accounts) is accepted in requests and only ever answered masked.
 */
import { z } from 'zod';
import {
  CertificationLimits,
  CertificationStatuses,
  CertificationTypes,
  compactDigits,
  DevFaceOutcomes,
  EnterpriseResults,
  FaceErrorCodes,
  FaceSessionStatuses,
  isValidCreditCode,
  isValidResidentId,
} from '../certification-rules';
import { VerificationRejectReasons } from '../review-reasons';
import { vkey, ZTimestamp } from './common';

const ZFileId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, vkey('licenseFile'));

const ZPersonName = z
  .string()
  .trim()
  .min(1, vkey('personName'))
  .max(CertificationLimits.personNameMax, vkey('personName'));

/** An 18-character resident ID number with a valid GB 11643 check character (x is upper-cased). */
export const ZResidentId = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => isValidResidentId(v), vkey('idNumber'));

/** A unified social credit code with a valid GB 32100 check character (upper-cased). */
export const ZCreditCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => isValidCreditCode(v), vkey('creditCode'));

export const ZPersonalVerifyRequest = z.object({
  name: ZPersonName,
  idNumber: ZResidentId,
});
export type TPersonalVerifyRequest = z.input<typeof ZPersonalVerifyRequest>;

export const ZCompanyVerifyRequest = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, vkey('companyName'))
    .max(CertificationLimits.companyNameMax, vkey('companyName')),
  creditCode: ZCreditCode,
  legalPersonName: ZPersonName,
  legalPersonId: ZResidentId,
  bankAccount: z
    .string()
    .transform(compactDigits)
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d{${CertificationLimits.bankAccountMin},${CertificationLimits.bankAccountMax}}$`),
          vkey('bankAccount'),
        ),
    ),
  bankName: z.string().trim().min(1, vkey('bankName')).max(CertificationLimits.bankNameMax, vkey('bankName')),
  /** An upload of the account (`certification/upload?purpose=businessLicense`). */
  licenseFileId: ZFileId,
});
export type TCompanyVerifyRequest = z.input<typeof ZCompanyVerifyRequest>;

/** A verification of the account, personal data masked. Fields of the other type are null. */
export const ZCertification = z.object({
  id: z.number().int(),
  type: z.enum(CertificationTypes),
  status: z.enum(CertificationStatuses),
  /** Enterprise: the provider's check result (null while waiting for manual review). */
  result: z.enum(EnterpriseResults).nullable(),
  /** Personal: the face check's error when it failed. */
  faceError: z.enum(FaceErrorCodes).nullable(),
  /** Enterprise: waiting for, or decided by, an operator's manual review. */
  manualReview: z.boolean(),
  /** An operator's reason for a manual rejection: their own words (with `reasonCode`, or alone from the CLI). */
  reason: z.string().nullable(),
  /** The reason an operator chose from the list for a manual rejection (its words in both languages). */
  reasonCode: z.enum(VerificationRejectReasons).nullable(),
  /** Personal: the person's name, masked (`张*`). */
  personName: z.string().nullable(),
  /** Personal: the resident ID number, masked (`110105********123X`). */
  idNumberMasked: z.string().nullable(),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  legalPersonName: z.string().nullable(),
  legalPersonIdMasked: z.string().nullable(),
  bankAccountMasked: z.string().nullable(),
  bankName: z.string().nullable(),
  licenseFileId: z.string().nullable(),
  createTime: ZTimestamp,
  updateTime: ZTimestamp,
});
export type TCertification = z.infer<typeof ZCertification>;

/** The face session a QR code opens on a phone. */
export const ZFaceSession = z.object({
  /** The opaque token of the session (the `token` query parameter). */
  faceToken: z.string(),
  /** The console's absolute `/faceRecognition?token=…` address, for the QR code. */
  faceUrl: z.string(),
  expireTime: ZTimestamp,
});
export type TFaceSession = z.infer<typeof ZFaceSession>;

export const ZPersonalVerifyResult = z.object({
  certification: ZCertification,
  face: ZFaceSession,
});
export type TPersonalVerifyResult = z.infer<typeof ZPersonalVerifyResult>;

const ZFaceToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, vkey('faceToken'));

export const ZFaceVerifyRequest = z.object({ token: ZFaceToken });
export type TFaceVerifyRequest = z.input<typeof ZFaceVerifyRequest>;
/** Where the phone goes for the liveness check. */
export const ZFaceVerifyResult = z.object({ providerUrl: z.string() });
export type TFaceVerifyResult = z.infer<typeof ZFaceVerifyResult>;

export const ZFaceResultQuery = z.object({ token: ZFaceToken });
/** The provider's page sends the phone back with the console's face token (and its own `token`). */
export const ZFaceReturnQuery = z.object({ faceToken: ZFaceToken });
export const ZFaceResult = z.object({
  status: z.enum(FaceSessionStatuses),
  errorCode: z.enum(FaceErrorCodes).nullable(),
});
export type TFaceResult = z.infer<typeof ZFaceResult>;

/** The account's latest verification and what it allows. */
export const ZCertificationState = z.object({
  certification: ZCertification.nullable(),
  /** Account type: trial 2, formal 3. */
  accountType: z.number().int(),
  /** Verification attempts left today. */
  attemptsLeft: z.number().int(),
  /** Special VAT invoices need a passed enterprise verification. */
  invoiceTypes: z.array(z.enum(['ordinary', 'specialVat'])),
});
export type TCertificationState = z.infer<typeof ZCertificationState>;

export const ZDevFaceParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
export const ZDevFaceQuery = z.object({ token: ZFaceToken });
export const ZDevFaceBody = z.object({ token: ZFaceToken, outcome: z.enum(DevFaceOutcomes) });

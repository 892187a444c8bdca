/**
 * The verification wizard's checks on the client (spec section 5: ID number and bank fields
 * required), with the contract's GB 11643 and GB 32100 rules; the keys are `validation` phrases,
 * the same the server answers as field errors.
 */
import { BillingLimits } from '@console/contract/billing-enums';
import {
  CertificationLimits,
  compactDigits,
  isValidCreditCode,
  isValidResidentId,
} from '@console/contract/certification-rules';

export type TValidationKey =
  | 'personName'
  | 'idNumber'
  | 'companyName'
  | 'creditCode'
  | 'bankAccount'
  | 'bankName'
  | 'licenseFile'
  | 'uploadType'
  | 'uploadSize';

export type TPersonalValues = { name: string; idNumber: string };
export type TPersonalField = keyof TPersonalValues;

export type TEnterpriseValues = {
  companyName: string;
  creditCode: string;
  legalPersonName: string;
  legalPersonId: string;
  bankAccount: string;
  bankName: string;
  licenseFileId: string;
};
export type TEnterpriseField = keyof TEnterpriseValues;

export type TFormErrors<F extends string> = Partial<Record<F, TValidationKey>>;

/** The largest business licence upload: the uploads' limit of the contract (10 MiB). */
export const LicenseMaxBytes = BillingLimits.uploadMaxBytes;

/** The files the licence's file dialog offers: JPG, JPEG, PNG or PDF (spec section 3). */
export const LicenseAccept = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

function checkName(value: string, max: number): boolean {
  const v = value.trim();
  return v.length > 0 && v.length <= max;
}

export function checkPersonal(values: TPersonalValues, today?: Date): TFormErrors<TPersonalField> {
  const errors: TFormErrors<TPersonalField> = {};
  if (!checkName(values.name, CertificationLimits.personNameMax)) errors.name = 'personName';
  if (!isValidResidentId(values.idNumber.trim(), today)) errors.idNumber = 'idNumber';
  return errors;
}

export function checkEnterprise(values: TEnterpriseValues, today?: Date): TFormErrors<TEnterpriseField> {
  const errors: TFormErrors<TEnterpriseField> = {};
  if (!checkName(values.companyName, CertificationLimits.companyNameMax)) errors.companyName = 'companyName';
  if (!isValidCreditCode(values.creditCode.trim().toUpperCase())) errors.creditCode = 'creditCode';
  if (!checkName(values.legalPersonName, CertificationLimits.personNameMax))
    errors.legalPersonName = 'personName';
  if (!isValidResidentId(values.legalPersonId.trim(), today)) errors.legalPersonId = 'idNumber';
  const account = compactDigits(values.bankAccount);
  const { bankAccountMin: min, bankAccountMax: max } = CertificationLimits;
  if (!new RegExp(`^\\d{${min},${max}}$`).test(account)) errors.bankAccount = 'bankAccount';
  if (!checkName(values.bankName, CertificationLimits.bankNameMax)) errors.bankName = 'bankName';
  if (!values.licenseFileId) errors.licenseFileId = 'licenseFile';
  return errors;
}

/** A business licence file before its upload: JPG, JPEG, PNG or PDF, at most 10 MiB. */
export function checkLicenseFile(file: { name: string; size: number }): 'uploadType' | 'uploadSize' | null {
  if (!/\.(jpe?g|png|pdf)$/i.test(file.name)) return 'uploadType';
  if (file.size > LicenseMaxBytes) return 'uploadSize';
  return null;
}

/** Server field errors (`validation.idNumber`, …) mapped back to the form's fields. */
const serverFields: Record<string, TEnterpriseField | TPersonalField> = {
  'validation.personName': 'name',
  'validation.idNumber': 'idNumber',
  'validation.companyName': 'companyName',
  'validation.creditCode': 'creditCode',
  'validation.bankAccount': 'bankAccount',
  'validation.bankName': 'bankName',
  'validation.licenseFile': 'licenseFileId',
};

/**
 * The form fields named by a 400's `fieldErrors` (keys are request fields, values message keys).
 * For the enterprise form, the legal person's name and ID come back under their own request keys.
 */
export function fieldErrorsOf<F extends string>(data: unknown, fields: readonly F[]): TFormErrors<F> {
  const fieldErrors =
    typeof data === 'object' && data !== null ? (data as { fieldErrors?: unknown }).fieldErrors : null;
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return {};
  const errors: TFormErrors<F> = {};
  for (const [key, value] of Object.entries(fieldErrors as Record<string, unknown>)) {
    const messageKey = typeof value === 'string' ? value : '';
    const field = (fields as readonly string[]).includes(key) ? (key as F) : (serverFields[messageKey] as F);
    if (!field || !(fields as readonly string[]).includes(field)) continue;
    const short = messageKey.replace(/^validation\./, '') as TValidationKey;
    errors[field] = short;
  }
  return errors;
}

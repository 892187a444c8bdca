import { describe, expect, it } from 'vitest';
import { checkEnterprise, checkLicenseFile, checkPersonal, fieldErrorsOf } from './verify-form';

const idNumber = '11010519491231002X';
const creditCode = '91350100M000100Y43';
const enterprise = {
  companyName: 'Data Platform Ltd',
  creditCode,
  legalPersonName: 'Zhang San',
  legalPersonId: idNumber,
  bankAccount: '6222 0000 1111 2222',
  bankName: 'Bank of Test',
  licenseFileId: 'F8f3k2m9x1',
};

describe('verification wizard checks', () => {
  it('require a name and a resident ID with a valid GB 11643 check character', () => {
    expect(checkPersonal({ name: 'Zhang San', idNumber })).toEqual({});
    expect(checkPersonal({ name: 'Zhang San', idNumber: idNumber.toLowerCase() })).toEqual({});
    expect(checkPersonal({ name: ' ', idNumber: '110105194912310021' })).toEqual({
      name: 'personName',
      idNumber: 'idNumber',
    });
    expect(checkPersonal({ name: 'a'.repeat(51), idNumber: '' })).toEqual({
      name: 'personName',
      idNumber: 'idNumber',
    });
  });

  it('require every enterprise field, a GB 32100 credit code and 8 to 32 account digits', () => {
    expect(checkEnterprise(enterprise)).toEqual({});
    expect(checkEnterprise({ ...enterprise, creditCode: creditCode.toLowerCase() })).toEqual({});
    expect(
      checkEnterprise({
        companyName: '',
        creditCode: '91350100M000100Y44',
        legalPersonName: '',
        legalPersonId: '11010519491231002',
        bankAccount: '1234 567',
        bankName: '',
        licenseFileId: '',
      }),
    ).toEqual({
      companyName: 'companyName',
      creditCode: 'creditCode',
      legalPersonName: 'personName',
      legalPersonId: 'idNumber',
      bankAccount: 'bankAccount',
      bankName: 'bankName',
      licenseFileId: 'licenseFile',
    });
  });

  it('accept JPG, JPEG, PNG and PDF licences of at most 10 MiB', () => {
    expect(checkLicenseFile({ name: 'licence.PDF', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkLicenseFile({ name: 'licence.jpeg', size: 1 })).toBeNull();
    expect(checkLicenseFile({ name: 'licence.gif', size: 1 })).toBe('uploadType');
    expect(checkLicenseFile({ name: 'licence.png', size: 10 * 1024 * 1024 + 1 })).toBe('uploadSize');
  });

  it("map the server's field errors back to the form", () => {
    const data = {
      fieldErrors: { idNumber: 'validation.idNumber', legalPersonId: 'validation.idNumber', other: 'x' },
    };
    expect(fieldErrorsOf(data, ['name', 'idNumber'] as const)).toEqual({ idNumber: 'idNumber' });
    expect(fieldErrorsOf(data, ['legalPersonId', 'creditCode'] as const)).toEqual({
      legalPersonId: 'idNumber',
    });
    expect(fieldErrorsOf(null, ['name'] as const)).toEqual({});
  });
});

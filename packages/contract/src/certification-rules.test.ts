import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  isValidCreditCode,
  isValidResidentId,
  maskBankAccount,
  maskIdNumber,
  maskPersonName,
  residentIdCheckChar,
} from './certification-rules';

const today = new Date('2026-11-01T00:00:00Z');

describe('resident ID numbers (GB 11643)', () => {
  it('accepts real-format numbers with their MOD 11-2 check character', () => {
    expect(isValidResidentId('11010519491231002X', today)).toBe(true);
    expect(isValidResidentId('11010519491231002x', today)).toBe(true);
    expect(isValidResidentId('440524188001010014', today)).toBe(true);
    // 29 February of a leap year
    expect(isValidResidentId('110101200002290018', today)).toBe(true);
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
  });

  it('refuses a wrong check character, a wrong length, letters and impossible birth dates', () => {
    expect(isValidResidentId('110105194912310021', today)).toBe(false);
    expect(isValidResidentId('11010519491231002', today)).toBe(false);
    expect(isValidResidentId('1101051949123100211', today)).toBe(false);
    expect(isValidResidentId('11010519491231A02X', today)).toBe(false);
    expect(isValidResidentId('01010519491231002X', today)).toBe(false);
    // 1900 is no leap year; month 13; a birth date after today
    expect(isValidResidentId(`11010119000229001${residentIdCheckChar('11010119000229001')}`, today)).toBe(
      false,
    );
    expect(isValidResidentId(`11010119491301002${residentIdCheckChar('11010119491301002')}`, today)).toBe(
      false,
    );
    expect(isValidResidentId(`11010120301231002${residentIdCheckChar('11010120301231002')}`, today)).toBe(
      false,
    );
  });
});

describe('unified social credit codes (GB 32100)', () => {
  it('accepts real-format codes with their MOD 31 check character', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91110000600037341L')).toBe(true);
    expect(isValidCreditCode('911100007109288314')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('refuses a wrong check character, excluded letters, lower case and a wrong length', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100I43')).toBe(false);
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
    expect(isValidCreditCode('9135010M000100Y43')).toBe(false);
    // the division code (characters 3 to 8) is digits
    expect(isValidCreditCode(`91A50100M000100Y4${creditCodeCheckChar('91A50100M000100Y4')}`)).toBe(false);
  });
});

describe('masks', () => {
  it('keeps only what identifies the record to its owner', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskBankAccount('6222 0000 1111 2345')).toBe('************2345');
    expect(maskPersonName('张三丰')).toBe('张**');
    expect(maskPersonName('Li')).toBe('L*');
  });
});

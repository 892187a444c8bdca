import { describe, expect, it } from 'vitest';
import { amountParam, checkCertificate, checkTopUp, checkTopUpAmount } from './top-up-rules';

describe('top-up amount rules (spec section 5)', () => {
  it('takes amounts greater than 0 with at most two decimals', () => {
    expect(checkTopUpAmount('100', 'wechat')).toBeNull();
    expect(checkTopUpAmount(' 0.01 ', 'alipay')).toBeNull();
    expect(checkTopUpAmount('99.9', 'alipay')).toBeNull();
    expect(checkTopUpAmount('', 'wechat')).toBe('required');
    expect(checkTopUpAmount('0', 'wechat')).toBe('amountPositive');
    expect(checkTopUpAmount('0.00', 'wechat')).toBe('amountPositive');
    expect(checkTopUpAmount('-5', 'wechat')).toBe('amountPositive');
    expect(checkTopUpAmount('1.234', 'wechat')).toBe('amountFormat');
    expect(checkTopUpAmount('1e3', 'wechat')).toBe('amountFormat');
    expect(checkTopUpAmount('01', 'wechat')).toBe('amountFormat');
    expect(checkTopUpAmount('abc', 'alipay')).toBe('amountFormat');
  });

  it('limits WeChat Pay to 50,000 yuan, counted exactly in fen', () => {
    expect(checkTopUpAmount('50000', 'wechat')).toBeNull();
    expect(checkTopUpAmount('50000.00', 'wechat')).toBeNull();
    expect(checkTopUpAmount('50000.01', 'wechat')).toBe('wechatAmountMax');
    expect(checkTopUpAmount('50000.01', 'alipay')).toBeNull();
    expect(checkTopUpAmount('50000.01', 'remittance')).toBeNull();
    expect(checkTopUpAmount('10000000.01', 'alipay')).toBe('rechargeAmountMax');
  });

  it('needs the agreement ticked', () => {
    expect(checkTopUp({ amount: '100', channel: 'wechat', isAgreed: false })).toEqual({
      agreement: 'agreementRequired',
    });
    expect(checkTopUp({ amount: '', channel: 'alipay', isAgreed: true })).toEqual({ amount: 'required' });
    expect(checkTopUp({ amount: '100', channel: 'alipay', isAgreed: true })).toEqual({});
    expect(amountParam(' 100.5 ')).toBe('100.5');
  });

  it('takes JPG, JPEG, PNG or PDF certificates of at most 10 MiB', () => {
    expect(checkCertificate({ name: 'receipt.PDF', size: 1000 })).toBeNull();
    expect(checkCertificate({ name: 'receipt.jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkCertificate({ name: 'receipt.gif', size: 1000 })).toBe('uploadType');
    expect(checkCertificate({ name: 'receipt.png', size: 10 * 1024 * 1024 + 1 })).toBe('uploadSize');
  });
});

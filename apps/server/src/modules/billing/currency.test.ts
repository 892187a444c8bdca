/** The accounts' currency follows the edition, never the language (decision 0016). */
import { describe, expect, it } from 'vitest';
import { composeAlert } from './alerts/alerts-evaluation.service';
import { currencyOf } from './money';
import { columnsOf } from './statements/statements.export';

const facts = {
  accountId: 1,
  accountName: 'acme',
  displayName: 'Acme',
  isBillable: true,
  cashFen: 1230,
  outstandingFen: 0,
  voucherFen: 0,
  spentFen: 700,
  settings: null,
  activeKinds: [],
};
const thresholds = { isLowBalanceEnabled: true, lowBalanceFen: 5000, isSmartEnabled: false, smartDays: [] };

describe('the currency of an account', () => {
  it('is CNY in the domestic edition and USD in the international one', () => {
    expect(currencyOf('domestic')).toBe('CNY');
    expect(currencyOf('international')).toBe('USD');
  });

  it("writes alerts in the account's currency, whatever their language", () => {
    expect(composeAlert('en-US', 'CNY', 'low', facts, thresholds).text).toContain('CNY 12.30');
    expect(composeAlert('en-US', 'USD', 'low', facts, thresholds).text).toContain('USD 12.30');
    expect(composeAlert('zh-CN', 'CNY', 'low', facts, thresholds).text).toContain('12.30 元');
    expect(composeAlert('zh-CN', 'USD', 'low', facts, thresholds).text).toContain('12.30 美元');
  });

  it('names the currency in the money columns of exports, in both languages', () => {
    const headers = (lang: 'en-US' | 'zh-CN', currency: 'CNY' | 'USD') =>
      columnsOf(lang, true, currency).map((c) => c.header);
    expect(headers('en-US', 'CNY')).toEqual(
      expect.arrayContaining(['Cash payment (CNY)', 'Voucher deduction (CNY)', 'Unit price (fen)']),
    );
    expect(headers('en-US', 'USD')).toEqual(
      expect.arrayContaining(['Cash payment (USD)', 'Amount payable (USD)', 'Unit price (cents)']),
    );
    expect(headers('zh-CN', 'CNY')).toEqual(
      expect.arrayContaining(['现金支付（CNY）', '原价消费金额（CNY）', '单价（分）']),
    );
    expect(headers('zh-CN', 'USD')).toContain('单价（美分）');
    // Only money columns carry a currency.
    for (const c of columnsOf('en-US', true, 'CNY')) {
      expect(c.header.endsWith('(CNY)'), c.header).toBe(c.isMoney === true);
    }
  });
});

import type { TLanguage } from '@console/contract/enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getMeta } from '@/lib/meta';
import { currencyOf, formatMoney, isNegative, type TCurrency } from '../lib/money';

type TMoneyFormat = {
  money: (text: string | null | undefined) => string;
  lang: TLanguage;
  currency: TCurrency;
};

/** The account's currency (CNY in the domestic edition, USD in the international; decision 0016). */
export function useCurrency(): TCurrency {
  return currencyOf(getMeta().edition);
}

/** The money formatter: `money("1234.5")` → "¥1,234.50" or "$1,234.50", whatever the page language. */
export function useMoney(): TMoneyFormat {
  const { i18n } = useTranslation();
  const lang: TLanguage = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const currency = useCurrency();
  return useMemo(() => ({ money: (text) => formatMoney(text, currency), lang, currency }), [lang, currency]);
}

/** An amount as text, red when negative. */
export function Money({ value, testId }: { value: string | null | undefined; testId?: string }) {
  const { money } = useMoney();
  return (
    <span
      className={isNegative(value) ? 'cz-billing__money cz-billing__money--negative' : 'cz-billing__money'}
      data-testid={testId}
      data-value={value ?? ''}
    >
      {money(value)}
    </span>
  );
}

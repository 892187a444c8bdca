import type { TLanguage } from '@console/contract/enums';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyOf, formatMoney, isNegative } from '../lib/money';

type TMoneyFormat = { money: (text: string | null | undefined) => string; lang: TLanguage };

/** The page language's money formatter: `money("1234.5")` → "¥1,234.50" or "$1,234.50". */
export function useMoney(): TMoneyFormat {
  const { i18n } = useTranslation();
  const lang: TLanguage = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return useMemo(() => ({ money: (text) => formatMoney(text, lang), lang }), [lang]);
}

/** The currency of the page language (CNY or USD). */
export function useCurrency() {
  const { lang } = useMoney();
  return currencyOf(lang);
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

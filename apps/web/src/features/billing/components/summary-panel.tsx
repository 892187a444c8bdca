import type { TSkuCategory } from '@console/contract/billing-enums';
import { Card, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBillingCountData } from '../api/get-billing-count';
import { categoryFields, discountedOf, originalOf } from '../lib/amount-fields';
import { formatDiscountRate } from '../lib/money';
import { Money, useMoney } from './money';

/** The amounts under the categories: label, field of the figures, test id. */
const amounts = [
  ['voucher', 'voucherAmount', 'billing-voucher'],
  ['cash', 'cashAmount', 'billing-cash'],
  ['outstanding', 'outstandingAmount', 'billing-outstanding'],
] as const;

/** Holds a line's place while the figures load (same height, nothing to read). */
const blank = '\u00a0';

function Stat({
  label,
  value,
  testId,
  extra,
  isLoading,
}: {
  label: string;
  value?: string;
  testId: string;
  extra?: ReactNode;
  isLoading: boolean;
}) {
  return (
    <div className="cz-billing__stat">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="cz-billing__stat-value">
        {isLoading ? (
          <span className="cz-billing__money">{blank}</span>
        ) : (
          <Money value={value} testId={testId} />
        )}
      </div>
      {extra}
    </div>
  );
}

/**
 * The summary of a range: the total (discounted, the main value) with its original amount and
 * discount percentage; compute, storage, network and AI; voucher deduction, cash payment and
 * outstanding amount. While the figures load, the same layout holds their places under a spinner,
 * so that nothing below moves when they come.
 */
export function SummaryPanel({ count }: { count: TBillingCountData | undefined }) {
  const { t } = useTranslation('billing');
  const { money } = useMoney();
  const isLoading = !count;
  return (
    <Card data-testid={isLoading ? 'billing-summary-loading' : 'billing-summary'} aria-busy={isLoading}>
      <Spin spinning={isLoading}>
        <div className="cz-billing__summary">
          <Stat
            label={t('overview.summary.total')}
            value={count && discountedOf(count, 'totalAmount')}
            testId="billing-total"
            isLoading={isLoading}
            extra={
              <div className="cz-billing__stat-extra">
                <Typography.Text type="secondary" data-testid={count && 'billing-total-original'}>
                  {count
                    ? t('overview.summary.original', { amount: money(originalOf(count, 'totalAmount')) })
                    : blank}
                </Typography.Text>
                <Typography.Text type="secondary" data-testid={count && 'billing-discount-percent'}>
                  {count
                    ? t('overview.summary.discountPercent', {
                        percent: formatDiscountRate(count.discountPercent, originalOf(count, 'totalAmount')),
                      })
                    : blank}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {count
                    ? t('overview.summary.period', { start: count.startDate, end: count.endDate })
                    : blank}
                </Typography.Text>
              </div>
            }
          />
          <div className="cz-billing__summary-figures">
            {(Object.keys(categoryFields) as TSkuCategory[]).map((category) => (
              <div className="cz-billing__summary-category" key={category}>
                <Stat
                  label={t(`categories.${category}`)}
                  value={count && discountedOf(count, categoryFields[category])}
                  testId={`billing-category-${category}`}
                  isLoading={isLoading}
                />
              </div>
            ))}
            {amounts.map(([label, field, testId]) => (
              <div className="cz-billing__summary-amount" key={field}>
                <Stat
                  label={t(`overview.summary.${label}`)}
                  value={count?.[field]}
                  testId={testId}
                  isLoading={isLoading}
                />
              </div>
            ))}
          </div>
        </div>
      </Spin>
    </Card>
  );
}

import type { TSkuCategory } from '@console/contract/billing-enums';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBillingCountData } from '../api/get-billing-count';
import { categoryFields, discountedOf, originalOf } from '../lib/amount-fields';
import { formatRate } from '../lib/money';
import { Money, useMoney } from './money';

function Stat({
  label,
  value,
  testId,
  extra,
}: {
  label: string;
  value?: string;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <div className="cz-billing__stat">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="cz-billing__stat-value">
        <Money value={value} testId={testId} />
      </div>
      {extra}
    </div>
  );
}

/**
 * The summary of a range: the total (discounted, the main value) with its original amount and
 * discount percentage; compute, storage, network and AI; voucher deduction, cash payment and
 * outstanding amount.
 */
export function SummaryPanel({ count }: { count: TBillingCountData | undefined }) {
  const { t } = useTranslation('billing');
  const { money } = useMoney();
  if (!count) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  return (
    <Card data-testid="billing-summary">
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={8}>
          <Stat
            label={t('overview.summary.total')}
            value={discountedOf(count, 'totalAmount')}
            testId="billing-total"
            extra={
              <div className="cz-billing__stat-extra">
                <Typography.Text type="secondary" data-testid="billing-total-original">
                  {t('overview.summary.original', { amount: money(originalOf(count, 'totalAmount')) })}
                </Typography.Text>
                <Typography.Text type="secondary" data-testid="billing-discount-percent">
                  {t('overview.summary.discountPercent', { percent: formatRate(count.discountPercent) })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('overview.summary.period', { start: count.startDate, end: count.endDate })}
                </Typography.Text>
              </div>
            }
          />
        </Col>
        <Col xs={24} lg={16}>
          <Row gutter={[16, 16]}>
            {(Object.keys(categoryFields) as TSkuCategory[]).map((category) => (
              <Col xs={12} md={6} key={category}>
                <Stat
                  label={t(`categories.${category}`)}
                  value={discountedOf(count, categoryFields[category])}
                  testId={`billing-category-${category}`}
                />
              </Col>
            ))}
            <Col xs={12} md={8}>
              <Stat
                label={t('overview.summary.voucher')}
                value={count.voucherAmount}
                testId="billing-voucher"
              />
            </Col>
            <Col xs={12} md={8}>
              <Stat label={t('overview.summary.cash')} value={count.cashAmount} testId="billing-cash" />
            </Col>
            <Col xs={12} md={8}>
              <Stat
                label={t('overview.summary.outstanding')}
                value={count.outstandingAmount}
                testId="billing-outstanding"
              />
            </Col>
          </Row>
        </Col>
      </Row>
    </Card>
  );
}

/**
 * Finance (issue 40 item 5): adjustments of an account's cash, vouchers, discounts and top-up
 * orders, one tab each (`?tab=`). Every role reads; the acts are enabled for finance operators and
 * owners only (the contract's roles, which the server enforces).
 */
import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '@/lib/use-media-query';
import { useOpsCan } from '@/ops/lib/ops-session';
import { AdjustmentsTab } from './adjustments-tab';
import { DiscountsTab } from './discounts-tab';
import { TopUpTab } from './top-up-tab';
import { VouchersTab } from './vouchers-tab';
import './finance.css';

const tabs = ['adjustments', 'vouchers', 'discounts', 'topUp'] as const;
type TTab = (typeof tabs)[number];

const content: Record<TTab, () => React.JSX.Element> = {
  adjustments: AdjustmentsTab,
  vouchers: VouchersTab,
  discounts: DiscountsTab,
  topUp: TopUpTab,
};

export default function FinancePage() {
  const { t } = useTranslation('opsFinance');
  const canChange = useOpsCan('opsFinanceCreateAdjustment');
  // On a phone the four tabs fit side by side with narrower gaps (none hides behind "…").
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TTab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as TTab) : 'adjustments';
  return (
    <div className="cz-ops-page" data-testid="ops-finance">
      <Typography.Title level={1} className="cz-ops-page__title">
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {canChange ? null : (
        <Alert
          type="info"
          showIcon
          title={t('readOnly')}
          className="cz-ops-form-alert"
          data-testid="ops-finance-read-only"
        />
      )}
      <Tabs
        activeKey={tab}
        tabBarGutter={isNarrow ? 16 : undefined}
        onChange={(next) => setParams(next === 'adjustments' ? {} : { tab: next }, { replace: true })}
        destroyOnHidden
        items={tabs.map((key) => {
          const Content = content[key];
          return {
            key,
            label: <span data-testid={`ops-finance-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: <Content />,
          };
        })}
      />
    </div>
  );
}

/**
 * /billing, the billing overview (administrators; spec sections 2, 3 and 9): a range (today, last
 * 7 days, last 30 days, custom) and filters (instance and region, workspace, category), the
 * summary, the daily trend chart, the daily bill details with their export, and the alert and
 * webhook settings.
 */
import { Alert, Button, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBillingCount } from '../api/get-billing-count';
import { useCspRegions } from '../api/list-csp-regions';
import { AdminOnly } from '../components/admin-only';
import { AlertSettings } from '../components/alert-settings';
import { BillingFilters } from '../components/billing-filters';
import { DetailsTable } from '../components/details-table';
import { useCurrency } from '../components/money';
import { SummaryPanel } from '../components/summary-panel';
import { TrendChart } from '../components/trend-chart';
import { WebhooksPanel } from '../components/webhooks-panel';
import { defaultOverviewFilters, type TOverviewFilters, toBillingFilter } from '../lib/range';
import '../billing.css';

const tabs = ['consumption', 'alerts', 'webhooks'] as const;
type TTab = (typeof tabs)[number];

function Consumption() {
  const { t } = useTranslation(['billing', 'common']);
  const currency = useCurrency();
  const [filters, setFilters] = useState<TOverviewFilters>(defaultOverviewFilters);
  const instances = useCspRegions();
  const result = toBillingFilter(filters);
  const filterText = result.ok ? JSON.stringify(result.filter) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's identity is its text
  const filter = useMemo(() => (result.ok ? result.filter : null), [filterText]);
  const count = useBillingCount(filter);

  return (
    <div className="cz-billing__stack">
      <div className="cz-billing__toolbar">
        <Typography.Text type="secondary">{t('overview.intro')}</Typography.Text>
        <Typography.Text type="secondary" data-testid="billing-currency" data-currency={currency}>
          {t('currencyNote', { currency })}
        </Typography.Text>
      </div>
      <BillingFilters value={filters} onChange={setFilters} instances={instances.data ?? []} />
      {count.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={count.error.message}
          action={
            <Button size="small" onClick={() => void count.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          }
          data-testid="billing-load-failed"
        />
      ) : null}
      <SummaryPanel count={count.data} />
      <TrendChart points={count.data?.trend} />
      <DetailsTable filter={filter} />
    </div>
  );
}

export default function BillingOverviewPage() {
  const { t } = useTranslation('billing');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: TTab = tabs.includes(asked as TTab) ? (asked as TTab) : 'consumption';
  return (
    <AdminOnly>
      <div className="cz-billing" data-testid="billing-overview">
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch(key === 'consumption' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={tabs.map((key) => ({
            key,
            label: <span data-testid={`billing-tab-${key}`}>{t(`overview.tabs.${key}`)}</span>,
            children:
              key === 'consumption' ? (
                <Consumption />
              ) : key === 'alerts' ? (
                <AlertSettings />
              ) : (
                <Space orientation="vertical" size={16} className="cz-billing__full">
                  <WebhooksPanel />
                </Space>
              ),
          }))}
        />
      </div>
    </AdminOnly>
  );
}

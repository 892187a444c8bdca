/**
 * /billing, the billing overview (administrators; spec sections 2, 3 and 9): a range (today, last
 * 7 days, last 30 days, custom) and filters (instance and region, workspace, category), the
 * summary, the daily trend chart, the daily bill details with their export, and the alert and
 * webhook settings.
 *
 * The first paint carries the filters and the summary: the details table, the alert and webhook
 * tabs and the chart library are chunks of their own (the table's fetched beside the page's first
 * render, the tabs' when opened, the chart library's once the figures are there and the browser
 * is idle); the chart's and the table's boxes keep their place meanwhile.
 */
import { Alert, Button, Card, Empty, Skeleton, Space, Tabs, Typography } from 'antd';
import { memo, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { useBillingCount } from '../api/get-billing-count';
import { useCspRegions } from '../api/list-csp-regions';
import { AdminOnly } from '../components/admin-only';
import { BillingFilters } from '../components/billing-filters';
import { ExportButtons } from '../components/export-buttons';
import { useCurrency } from '../components/money';
import { SummaryPanel } from '../components/summary-panel';
import { TrendChart } from '../components/trend-chart';
import { defaultOverviewFilters, type TOverviewFilters, toBillingFilter } from '../lib/range';
import '../billing.css';

type TDetailsTableProps = Parameters<typeof import('../components/details-table').DetailsTable>[0];

// Memoised: the table (the page's heaviest render) draws again only when its filter changes, not
// with every answer the summary or the filters get.
const DetailsTable = memo(
  lazyPage<TDetailsTableProps>(
    chunkLoader(() => import('../components/details-table').then((m) => ({ default: m.DetailsTable }))),
  ),
);
// Fetched beside the page's own first render (not after it): the table is below the summary.
DetailsTable.type.preload().catch(() => {});
const AlertSettings = lazyPage<object>(
  chunkLoader(() => import('../components/alert-settings').then((m) => ({ default: m.AlertSettings }))),
);
const WebhooksPanel = lazyPage<object>(
  chunkLoader(() => import('../components/webhooks-panel').then((m) => ({ default: m.WebhooksPanel }))),
);

/** The bill details' card while its chunk loads: its title and room for its first rows. */
function DetailsLoading() {
  const { t } = useTranslation('billing');
  return (
    <Card title={t('overview.details.title')}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

function TabLoading() {
  return <Skeleton active paragraph={{ rows: 6 }} />;
}

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
      {filter && count.isError ? (
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
      {filter ? (
        <>
          <SummaryPanel count={count.data} />
          <TrendChart
            points={count.data?.trend}
            range={count.data ? { startDate: count.data.startDate, endDate: count.data.endDate } : undefined}
          />
          <Suspense fallback={<DetailsLoading />}>
            <DetailsTable filter={filter} />
          </Suspense>
        </>
      ) : (
        <RangeIncomplete />
      )}
    </div>
  );
}

/**
 * A custom range without both days is not applied: no figures of another range, and the export
 * says why it cannot run.
 */
function RangeIncomplete() {
  const { t } = useTranslation('billing');
  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('overview.filters.customNeedsDates')}
        data-testid="billing-range-incomplete"
      />
      <Card
        title={t('overview.details.title')}
        extra={
          <ExportButtons
            testId="billing-export"
            disabledReason={t('exportNeedsRange')}
            onExport={() => Promise.reject(new Error('no range'))}
          />
        }
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
      </Card>
    </>
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
                <Suspense fallback={<TabLoading />}>
                  <AlertSettings />
                </Suspense>
              ) : (
                <Space orientation="vertical" size={16} className="cz-billing__full">
                  <Suspense fallback={<TabLoading />}>
                    <WebhooksPanel />
                  </Suspense>
                </Space>
              ),
          }))}
        />
      </div>
    </AdminOnly>
  );
}

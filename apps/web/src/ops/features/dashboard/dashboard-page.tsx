/**
 * The dashboard, the page that opens the back office (issue 40, item 7): the review queues'
 * pending counts (each a link to its queue), the last 30 billing days as charts (sign-ups and
 * active accounts, top-ups and consumption in the installation's currency), the failing jobs and
 * webhook deliveries, and the adapter table. One call (`GET /api/ops/dashboard`).
 */
import type { TOpsRouteData } from '@console/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { designTokens } from '@/config/design-tokens';
import { ScrollTable } from '@/ops/components/scroll-table';
import { formatDateTime, formatFen } from '@/ops/lib/format';
import { callOps } from '@/ops/lib/ops-api';
import { DailyChart } from './components/daily-chart';
import './dashboard.css';

type TDashboard = TOpsRouteData<'opsDashboard'>;

export const dashboardKey = ['ops', 'dashboard'] as const;

/** The queues' pages (the reviews area, by the queues' kinds): each count opens its queue. */
const queueLinks = {
  verifications: '/reviews/verification',
  remittances: '/reviews/remittance',
  formalApplications: '/reviews/formal',
} as const;

function Queues({ data }: { data: TDashboard }) {
  const { t } = useTranslation('opsDashboard');
  return (
    <Card title={t('queues.title')} data-testid="ops-dash-queues">
      <div className="cz-ops-dash__queues">
        {(Object.keys(queueLinks) as (keyof typeof queueLinks)[]).map((queue) => (
          <div key={queue}>
            <Link
              to={queueLinks[queue]}
              className="cz-ops-dash__queue"
              data-testid={`ops-dash-queue-${queue}`}
            >
              <Statistic title={t(`queues.${queue}`)} value={data.queues[queue]} />
            </Link>
          </div>
        ))}
      </div>
    </Card>
  );
}

function Charts({ data }: { data: TDashboard }) {
  const { t } = useTranslation('opsDashboard');
  const days = data.days.map((d) => d.day.slice(5));
  const money = (fen: number) => formatFen(fen, data.currency);
  const count = (n: number) => String(Math.round(n));
  return (
    <div className="cz-ops-dash__pair">
      <DailyChart
        title={`${t('charts.signUps')} · ${t('charts.activeAccounts')}`}
        testId="ops-dash-chart-accounts"
        days={days}
        format={count}
        isInteger
        empty={t('charts.empty')}
        series={[
          {
            label: t('charts.signUps'),
            kind: 'bar',
            color: designTokens.colorPrimary,
            values: data.days.map((d) => d.signUps),
          },
          {
            label: t('charts.activeAccounts'),
            kind: 'line',
            color: designTokens.colorSuccess,
            values: data.days.map((d) => d.activeAccounts),
          },
        ]}
      />
      <DailyChart
        title={`${t('charts.topUps', { currency: data.currency })} · ${t('charts.consumption', { currency: data.currency })}`}
        testId="ops-dash-chart-money"
        days={days}
        format={money}
        empty={t('charts.empty')}
        series={[
          {
            label: t('charts.topUps', { currency: data.currency }),
            kind: 'bar',
            color: designTokens.colorPrimary,
            values: data.days.map((d) => d.topUpFen),
          },
          {
            label: t('charts.consumption', { currency: data.currency }),
            kind: 'line',
            color: designTokens.colorWarning,
            values: data.days.map((d) => d.consumptionFen),
          },
        ]}
      />
    </div>
  );
}

function StateTag({ state }: { state: 'failed' | 'retrying' }) {
  const { t } = useTranslation('opsDashboard');
  return <Tag color={state === 'failed' ? 'error' : 'warning'}>{t(`states.${state}`)}</Tag>;
}

function FailingJobs({ data }: { data: TDashboard }) {
  const { t } = useTranslation('opsDashboard');
  return (
    <Card
      title={t('jobs.title')}
      extra={
        <Typography.Text type="secondary">
          {t('jobs.total', { count: data.failingJobs.total })}
        </Typography.Text>
      }
      className="cz-ops-dash__table-card"
      data-testid="ops-dash-jobs"
    >
      <ScrollTable
        label={t('jobs.title')}
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 720 }}
        dataSource={data.failingJobs.list}
        empty={t('jobs.none')}
        columns={[
          {
            title: t('jobs.kind'),
            dataIndex: 'kind',
            render: (v: string) => <span className="cz-ops-id">{v}</span>,
          },
          {
            title: t('jobs.state'),
            dataIndex: 'state',
            render: (v: 'failed' | 'retrying') => <StateTag state={v} />,
          },
          {
            title: t('jobs.attempts'),
            key: 'attempts',
            render: (_, j) => `${j.attempts} / ${j.maxAttempts}`,
          },
          {
            title: t('jobs.lastError'),
            dataIndex: 'lastError',
            ellipsis: true,
            render: (v: string | null) => v ?? '—',
          },
          { title: t('jobs.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}

function FailingDeliveries({ data }: { data: TDashboard }) {
  const { t } = useTranslation('opsDashboard');
  return (
    <Card
      title={t('deliveries.title')}
      extra={
        <Typography.Text type="secondary">
          {t('deliveries.total', { count: data.failingDeliveries.total })}
        </Typography.Text>
      }
      className="cz-ops-dash__table-card"
      data-testid="ops-dash-deliveries"
    >
      <ScrollTable
        label={t('deliveries.title')}
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 720 }}
        dataSource={data.failingDeliveries.list}
        empty={t('deliveries.none')}
        columns={[
          {
            title: t('deliveries.account'),
            dataIndex: 'accountName',
            render: (v: string) => <span className="cz-ops-id">{v}</span>,
          },
          { title: t('deliveries.kind'), dataIndex: 'kind' },
          {
            title: t('deliveries.state'),
            dataIndex: 'state',
            render: (v: 'failed' | 'retrying') => <StateTag state={v} />,
          },
          { title: t('deliveries.attempts'), dataIndex: 'attempts' },
          {
            title: t('deliveries.error'),
            key: 'error',
            ellipsis: true,
            render: (_, d) =>
              [d.responseStatus ? `HTTP ${d.responseStatus}` : null, d.error].filter(Boolean).join(' · ') ||
              '—',
          },
          {
            title: t('deliveries.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}

function Adapters({ data }: { data: TDashboard }) {
  const { t } = useTranslation('opsDashboard');
  const color = { configured: 'success', development: 'warning', unconfigured: 'default' } as const;
  return (
    <Card title={t('adapters.title')} className="cz-ops-dash__table-card" data-testid="ops-dash-adapters">
      <ScrollTable
        label={t('adapters.title')}
        size="small"
        rowKey="name"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={data.adapters}
        columns={[
          {
            title: t('adapters.name'),
            dataIndex: 'name',
            render: (v: TDashboard['adapters'][number]['name']) => t(`adapters.names.${v}`),
          },
          {
            title: t('adapters.state'),
            dataIndex: 'state',
            render: (v: keyof typeof color) => <Tag color={color[v]}>{t(`adapters.states.${v}`)}</Tag>,
          },
          { title: t('adapters.provider'), dataIndex: 'provider', render: (v: string | null) => v ?? '—' },
          {
            title: t('adapters.setting'),
            dataIndex: 'setting',
            render: (v: string) => <code className="cz-ops-id">{v}</code>,
          },
        ]}
      />
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('opsDashboard');
  const query = useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => callOps('opsDashboard', { signal }),
    refetchInterval: 60_000,
  });
  return (
    <div className="cz-ops-dash" data-testid="ops-dashboard">
      <div className="cz-ops-dash__head">
        <Typography.Title level={1} className="cz-ops-page__title">
          {t('title')}
        </Typography.Title>
        {query.data ? (
          <Typography.Text type="secondary">
            {t('generatedAt', { time: formatDateTime(query.data.generatedAt) })}
          </Typography.Text>
        ) : null}
      </div>
      {query.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      {query.data ? (
        <>
          <Queues data={query.data} />
          <Charts data={query.data} />
          <div className="cz-ops-dash__pair">
            <FailingJobs data={query.data} />
            <FailingDeliveries data={query.data} />
          </div>
          <Adapters data={query.data} />
        </>
      ) : query.isPending ? (
        <Skeleton active />
      ) : null}
    </div>
  );
}

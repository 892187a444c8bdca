/**
 * /billing/cost/month/{id}, a month's bill (administrators; the header's back arrow goes to the
 * statements): its amounts (the arrears it incurred, and what of them is still owed, as the
 * statements say), the amounts per category, the lines per instance and billing item, and the
 * export as XLSX or CSV.
 */
import type { TSkuCategory } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Result,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  amountColumn,
  nowrapColumn,
  TableEmpty,
  tableScroll,
  useScreenColumns,
  useShowTotal,
} from '@/components/ui/table-cells';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { downloadStatement } from '../api/download-statement';
import { type TStatementDetailData, useStatementDetail } from '../api/get-statement-detail';
import { AdminOnly } from '../components/admin-only';
import { amountTitle, billColumns } from '../components/bill-columns';
import { ExportButtons } from '../components/export-buttons';
import { Money, useCurrency, useMoney } from '../components/money';
import { categoryFields, discountedOf, originalOf } from '../lib/amount-fields';
import { formatDiscountRate } from '../lib/money';
import '../billing.css';

type TLine = TStatementDetailData['lines'][number];
type TCategoryRow = { category: TSkuCategory; original: string | undefined; discounted: string | undefined };

function MonthBill({ id }: { id: number | null }) {
  const { t } = useTranslation(['billing', 'common']);
  const lineTable = useKeyboardScroll(t('month.lines'));
  const categoryTable = useKeyboardScroll(t('month.categories'));
  const navigate = useNavigate();
  const detail = useStatementDetail(id);
  const currency = useCurrency();
  const { money } = useMoney();
  const showTotal = useShowTotal();
  const screenColumns = useScreenColumns();

  if (id === null || (detail.isError && (isApiError(detail.error, 404) || isApiError(detail.error, 400)))) {
    return (
      <Result
        status="404"
        title={t('month.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.cost)}>
            {t('month.backToList')}
          </Button>
        }
        data-testid="month-not-found"
      />
    );
  }
  if (detail.isError) {
    return (
      <Alert
        type="error"
        showIcon
        // 4073: the bill detail could not be fetched (the server's message, in the user's language).
        title={isApiError(detail.error, ErrorCode.billDetailFailed) ? detail.error.message : t('loadFailed')}
        data-testid="month-load-failed"
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        }
      />
    );
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { statement, count, lines } = detail.data;
  const categoryColumns: TableColumnsType<TCategoryRow> = [
    {
      key: 'category',
      title: t('columns.category'),
      dataIndex: 'category',
      fixed: 'left',
      ...nowrapColumn,
      render: (v: TSkuCategory) => t(`categories.${v}`),
    },
    {
      key: 'original',
      title: amountTitle(t, t('columns.originalAmount'), currency),
      dataIndex: 'original',
      ...amountColumn,
      render: (v: string | undefined) => <Money value={v} />,
    },
    {
      key: 'discounted',
      title: amountTitle(t, t('columns.discountedAmount'), currency),
      dataIndex: 'discounted',
      ...amountColumn,
      render: (v: string | undefined, row) => <Money value={v} testId={`month-category-${row.category}`} />,
    },
  ];
  // The instance stays in view while the amounts scroll sideways.
  const lineColumns = billColumns<TLine>(t, currency).map((column, i) =>
    i === 0 ? { ...column, fixed: 'left' as const } : column,
  );

  return (
    <div className="cz-billing__stack">
      <Card
        className="cz-table-card"
        title={
          <Space wrap>
            <span data-testid="month-title">{t('month.title', { month: statement.month })}</span>
            <Tag
              color={statement.isSettled ? 'success' : 'warning'}
              data-testid="month-settled"
              data-settled={String(statement.isSettled)}
            >
              {statement.isSettled
                ? t('statements.settled')
                : t('statements.owed', { amount: money(statement.owedAmount) })}
            </Tag>
          </Space>
        }
        extra={
          <ExportButtons
            testId="month-export"
            onExport={(format) => downloadStatement(statement.id, statement.month, format)}
          />
        }
        data-testid="month-bill"
      >
        <Typography.Paragraph type="secondary">
          {t('month.generated', { time: formatDateTime(statement.generateTime) })}
        </Typography.Paragraph>
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} title={t('month.amounts')}>
          <Descriptions.Item label={t('columns.originalAmount')}>
            <Money value={statement.originalAmount} testId="month-original" />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.discountedAmount')}>
            <Money value={statement.discountedAmount} testId="month-discounted" />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.discountRate')}>
            {formatDiscountRate(statement.discountRate, statement.originalAmount)}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.voucherDeduction')}>
            <Money value={statement.voucherDeduction} testId="month-voucher" />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.cashPayment')}>
            <Money value={statement.cashPayment} testId="month-cash" />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.outstandingAmount')}>
            <Money value={statement.outstandingAmount} testId="month-outstanding" />
          </Descriptions.Item>
          <Descriptions.Item label={t('month.owed')} span="filled">
            <Money value={statement.owedAmount} testId="month-owed" />
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" className="cz-billing__small cz-billing__gap-top">
          {t('statements.arrearsNote')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('month.categories')}>
        <div ref={categoryTable}>
          <Table<TCategoryRow>
            rowKey="category"
            size="small"
            pagination={false}
            scroll={tableScroll}
            dataSource={(Object.keys(categoryFields) as TSkuCategory[]).map((category) => ({
              category,
              original: originalOf(count, categoryFields[category]),
              discounted: discountedOf(count, categoryFields[category]),
            }))}
            columns={screenColumns(categoryColumns)}
            data-testid="month-categories"
          />
        </div>
      </Card>
      <Card title={t('month.lines')}>
        <div ref={lineTable}>
          <Table<TLine>
            rowKey={(row) => `${row.instanceId}-${row.skuCode}`}
            size="middle"
            columns={screenColumns(lineColumns)}
            dataSource={lines}
            scroll={tableScroll}
            locale={{ emptyText: <TableEmpty text={t('month.linesEmpty')} /> }}
            onRow={() => ({ 'data-testid': 'month-line' }) as object}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal }}
          />
        </div>
      </Card>
    </div>
  );
}

export default function MonthBillPage() {
  const params = useParams();
  const id = Number(params.id);
  return (
    <AdminOnly>
      <div className="cz-billing" data-testid="billing-month">
        <MonthBill id={Number.isInteger(id) && id > 0 ? id : null} />
      </div>
    </AdminOnly>
  );
}

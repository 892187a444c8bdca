import { LineChartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useBillingCount } from '../api/get-billing-count';
import { discountedOf } from '../lib/amount-fields';
import { Money } from './money';
import '../billing.css';

const last30Days = { range: 'last30Days' } as const;

/**
 * The workbench's consumption card (administrators, where billing is available): today,
 * yesterday and the last 30 days, discounted amounts as the main values.
 */
export function ConsumptionCard() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const count = useBillingCount(last30Days, { hints: false });
  const items = [
    { key: 'today', label: t('workbench.today'), field: 'todayAmount' },
    { key: 'yesterday', label: t('workbench.yesterday'), field: 'yesterdayAmount' },
    { key: 'last30Days', label: t('workbench.last30Days'), field: 'totalAmount' },
  ] as const;
  return (
    <Card
      className="cz-card"
      data-testid="workbench-consumption"
      title={
        <span className="cz-billing-card__title">
          <LineChartOutlined />
          {t('workbench.consumption')}
        </span>
      }
      extra={
        <Button type="link" onClick={() => navigate(paths.billing)} data-testid="workbench-view-bills">
          {t('workbench.viewBills')}
        </Button>
      }
    >
      {count.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : !count.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Row gutter={16}>
          {items.map((item) => (
            <Col span={8} key={item.key}>
              <Typography.Text type="secondary">{item.label}</Typography.Text>
              <div className="cz-billing__stat-value">
                <Money
                  value={discountedOf(count.data, item.field)}
                  testId={`workbench-consumption-${item.key}`}
                />
              </div>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

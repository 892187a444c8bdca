import { WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFundsAccount } from '../api/get-funds-account';
import { isPositive } from '../lib/money';
import { Money } from './money';
import '../billing.css';

/**
 * The workbench's billing overview card (administrators, where billing is available): cash
 * balance, outstanding amount, vouchers in effect and the Top up button.
 */
export function BillingOverviewCard() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const funds = useFundsAccount();
  const data = funds.data;
  return (
    <Card
      className="cz-card"
      data-testid="workbench-billing"
      title={
        <span className="cz-billing-card__title">
          <WalletOutlined />
          {t('workbench.overview')}
        </span>
      }
      extra={
        <Button type="primary" onClick={() => navigate(paths.topUp)} data-testid="workbench-top-up">
          {t('workbench.topUp')}
        </Button>
      }
    >
      {funds.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Row gutter={16}>
            <Col span={8}>
              <Typography.Text type="secondary">{t('workbench.cash')}</Typography.Text>
              <div className="cz-billing__stat-value">
                <Money value={data.cashAmount} testId="workbench-cash" />
              </div>
            </Col>
            <Col span={8}>
              <Typography.Text type="secondary">{t('workbench.outstanding')}</Typography.Text>
              <div className="cz-billing__stat-value">
                <Money value={data.outstandingAmount} testId="workbench-outstanding" />
              </div>
            </Col>
            <Col span={8}>
              <Typography.Text type="secondary">{t('workbench.vouchers')}</Typography.Text>
              <div className="cz-billing__stat-value">
                <Money value={data.voucherAmount} testId="workbench-vouchers" />
              </div>
            </Col>
          </Row>
          {isPositive(data.outstandingAmount) ? (
            <Alert
              type="warning"
              showIcon
              className="cz-billing__gap-top"
              title={t('workbench.arrears')}
              data-testid="workbench-arrears"
            />
          ) : null}
          <Button type="link" className="cz-billing-card__link" onClick={() => navigate(paths.balance)}>
            {t('balance.title')}
          </Button>
        </>
      )}
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConsoleIcon } from '@/components/ui/console-icon';
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
      testId="workbench-consumption"
      icon={<ConsoleIcon name="lineChart" />}
      title={t('workbench.consumption')}
      extra={
        <Button variant="link" onClick={() => navigate(paths.billing)} data-testid="workbench-view-bills">
          {t('workbench.viewBills')}
        </Button>
      }
      isLoading={!count.data && !count.isError}
      skeletonRows={2}
    >
      {count.isError ? (
        <Alert kind="error">{t('loadFailed')}</Alert>
      ) : count.data ? (
        <dl className="cz-billing-card__stats">
          {items.map((item) => (
            <div className="cz-billing-card__stat" key={item.key}>
              <dt className="cz-billing-card__label">{item.label}</dt>
              <dd className="cz-billing__stat-value">
                <Money
                  value={discountedOf(count.data, item.field)}
                  testId={`workbench-consumption-${item.key}`}
                />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Card>
  );
}

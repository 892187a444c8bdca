/**
 * The service catalogue (issue 40, item 6): services, versions, regions and prices, listed for
 * every role and changed one row at a time under the catalogue import's rules (the owner; prices
 * the owner and finance), each change with a reason kept in the audit trail.
 */
import { Alert, Card, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpsCan } from '@/ops/lib/ops-session';
import { useCatalogue } from './api/catalogue';
import { PricesTab } from './components/prices-tab';
import { RegionsTab } from './components/regions-tab';
import { ServicesTab } from './components/services-tab';
import { VersionsTab } from './components/versions-tab';
import './catalogue.css';

export default function CataloguePage() {
  const { t } = useTranslation('opsCatalogue');
  const query = useCatalogue();
  const canEditRows = useOpsCan('opsUpdateCatalogueService');
  const canEditPrices = useOpsCan('opsUpdateCataloguePrice');
  const data = query.data;
  return (
    <div className="cz-ops-cat" data-testid="ops-catalogue">
      <Typography.Title level={1} className="cz-ops-page__title">
        {t('catalogue.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('catalogue.intro')}</Typography.Paragraph>
      {!canEditRows && !canEditPrices ? <Alert type="info" showIcon title={t('catalogue.readOnly')} /> : null}
      <Card className="cz-ops-cat__card">
        {data ? (
          <Tabs
            items={[
              {
                key: 'services',
                label: t('catalogue.tabs.services'),
                children: <ServicesTab data={data} canEdit={canEditRows} />,
              },
              {
                key: 'versions',
                label: t('catalogue.tabs.versions'),
                children: <VersionsTab data={data} canEdit={canEditRows} />,
              },
              {
                key: 'regions',
                label: t('catalogue.tabs.regions'),
                children: <RegionsTab data={data} canEdit={canEditRows} />,
              },
              {
                key: 'prices',
                label: t('catalogue.tabs.prices'),
                children: <PricesTab data={data} canEdit={canEditPrices} />,
              },
            ]}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </div>
  );
}

/**
 * /serviceManage, service management (spec sections 2, 3, 4 and 7 "Service"): one card per
 * service with its subscription and instances. Administrators open a service in a region, retry a
 * failed opening and close an instance; everyone opens an opened instance. Statuses refresh by
 * themselves while an instance is opening.
 */
import { Alert, Button, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { useNotConfigured } from '@/lib/use-not-configured';
import { useServices } from '../api/list-services';
import { CreateInstanceDialog } from '../components/create-instance-dialog';
import { ServiceFilters } from '../components/service-filters';
import { ServiceSection } from '../components/service-section';
import '../services.css';

export default function ServiceManagePage() {
  const { t } = useTranslation(['services', 'common']);
  const services = useServices();
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const [creatingFor, setCreatingFor] = useState<number | null>(null);
  const [regionId, setRegionId] = useState<number | null>(null);
  const unavailable = useNotConfigured('provisioner');

  return (
    <div className="cz-services" data-testid="service-manage">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <ServiceFilters regionId={regionId} onRegionChange={setRegionId} />
      {unavailable ? (
        <Alert
          type="info"
          showIcon
          title={unavailable}
          style={{ marginBottom: 16 }}
          data-testid="services-not-configured"
        />
      ) : null}
      {services.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={services.error.message}
          action={
            <Button size="small" onClick={() => void services.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          }
          data-testid="services-load-failed"
        />
      ) : services.data ? (
        <Space orientation="vertical" size={16} className="cz-services__list">
          {services.data.map((service) => (
            <ServiceSection
              key={service.id}
              service={service}
              isAdmin={isAdmin}
              onCreate={() => setCreatingFor(service.id)}
              unavailable={unavailable}
              regionId={regionId}
            />
          ))}
        </Space>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
      {creatingFor !== null && services.data ? (
        <CreateInstanceDialog
          services={services.data}
          serviceId={creatingFor}
          onClose={() => setCreatingFor(null)}
        />
      ) : null}
    </div>
  );
}

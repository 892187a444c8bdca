import { AppstoreOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/config/paths';
import { useAccountInstances } from '../api/list-account-instances';
import { useServices } from '../api/list-services';
import { InstanceStatusTag } from './status-tags';
import '../services.css';

/**
 * The workbench's service activation card: per service, its live instances (region, instance
 * name, status); administrators also get a button to open more services.
 */
export function ServiceActivationCard() {
  const { t } = useTranslation(['services', 'common']);
  const navigate = useNavigate();
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const services = useServices();
  const instances = useAccountInstances();
  const isError = services.isError || instances.isError;
  const list = instances.data ?? [];
  const withInstances = (services.data ?? [])
    .map((service) => ({ service, instances: list.filter((i) => i.serviceId === service.id) }))
    .filter((s) => s.instances.length > 0);

  return (
    <Card
      className="cz-card"
      data-testid="workbench-services"
      title={
        <span className="cz-services-card__title">
          <AppstoreOutlined />
          {t('workbench.title')}
        </span>
      }
    >
      {isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : !services.data || !instances.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : withInstances.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.none')} />
      ) : (
        withInstances.map(({ service, instances: own }) => (
          <div
            key={service.id}
            className="cz-services-card__service"
            data-testid={`workbench-service-${service.code}`}
          >
            <Typography.Text strong>{service.name}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {t('workbench.instances', { count: own.length })}
            </Typography.Text>
            {own.map((instance) => (
              <div
                key={instance.id}
                className="cz-services-card__instance"
                data-testid="workbench-instance"
                data-instance={instance.instanceName}
              >
                <span>
                  {instance.cspName} / {instance.regionName}
                </span>
                <Typography.Text code>{instance.instanceName}</Typography.Text>
                <InstanceStatusTag
                  status={instance.status}
                  failReason={instance.failReason}
                  showReason={false}
                />
              </div>
            ))}
          </div>
        ))
      )}
      {isAdmin ? (
        <div className="cz-services-card__footer">
          <Button
            type="primary"
            ghost
            onClick={() => navigate(paths.serviceManage)}
            data-testid="workbench-open-more"
          >
            {t('workbench.openMore')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

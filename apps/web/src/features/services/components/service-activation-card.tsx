import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/get-current-user';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConsoleIcon } from '@/components/ui/console-icon';
import { Skeleton } from '@/components/ui/skeleton';
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
    <Card testId="workbench-services" icon={<ConsoleIcon name="workbench" />} title={t('workbench.title')}>
      {isError ? (
        <Alert kind="error">{t('loadFailed')}</Alert>
      ) : !services.data || !instances.data ? (
        <div aria-busy="true">
          <Skeleton rows={3} />
        </div>
      ) : withInstances.length === 0 ? (
        <p className="cz-services-card__empty">{t('workbench.none')}</p>
      ) : (
        withInstances.map(({ service, instances: own }) => (
          <div
            key={service.id}
            className="cz-services-card__service"
            data-testid={`workbench-service-${service.code}`}
          >
            <strong className="cz-services-card__name">{service.name}</strong>{' '}
            <span className="cz-services-card__count">{t('workbench.instances', { count: own.length })}</span>
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
                <code className="cz-services-card__code">{instance.instanceName}</code>
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
            className="cz-services-card__more"
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

import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { ServiceKind } from '@console/contract/service-enums';
import { Alert, Button, Card, Descriptions, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useInstances } from '../api/list-instances';
import type { TServiceItem } from '../api/list-services';
import { instancesInRegion } from '../lib/region-filter';
import { subscriptionOf } from '../lib/subscription';
import { InstancesTable } from './instances-table';
import { JobProfileShares } from './job-profile-shares';

type TServiceSectionProps = {
  service: TServiceItem;
  isAdmin: boolean;
  /** Opens the create dialog for this service. */
  onCreate: () => void;
  /** Why opening is unavailable on this installation (no provisioner), or null. */
  unavailable?: string | null;
  /** The page's region filter: only the instances in this region are listed (null: all). */
  regionId?: number | null;
};

/** One service: its subscription (version, enable time) and its instances. */
export function ServiceSection({
  service,
  isAdmin,
  onCreate,
  unavailable = null,
  regionId = null,
}: TServiceSectionProps) {
  const { t } = useTranslation(['services', 'common']);
  const navigate = useNavigate();
  const instances = useInstances(service.id);
  const list = instances.data?.list ?? [];
  const subscription = subscriptionOf(list);
  const isInsight = service.kind === ServiceKind.hengshi;
  const hasInstances = list.length > 0;

  return (
    <Card
      className="cz-card cz-services__section cz-table-card"
      data-testid={`service-section-${service.code}`}
      data-kind={service.kind}
      title={
        <Space size={8} wrap>
          <span>{service.name}</span>
          {subscription.versions.map((v) => (
            <Tag key={v.code} color={v.code === 'trial' ? 'gold' : 'blue'}>
              {v.name}
            </Tag>
          ))}
        </Space>
      }
      extra={
        <Space wrap>
          {isInsight && isAdmin ? (
            <Button
              icon={<TeamOutlined />}
              onClick={() => navigate(paths.insightUserManage)}
              data-testid="insight-manage-users"
            >
              {t('actions.manageUsers')}
            </Button>
          ) : null}
          {isAdmin ? (
            <Tooltip title={unavailable}>
              <Button
                type={subscription.liveCount > 0 ? 'default' : 'primary'}
                icon={<PlusOutlined />}
                onClick={onCreate}
                disabled={unavailable !== null}
                data-testid="service-create"
              >
                {subscription.liveCount > 0 ? t('actions.addRegion') : t('actions.openService')}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      }
    >
      {service.description ? (
        <Typography.Paragraph type="secondary">{service.description}</Typography.Paragraph>
      ) : null}
      {instances.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('instancesLoadFailed')}
          action={
            <Button size="small" onClick={() => void instances.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          }
        />
      ) : hasInstances ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            className="cz-services__subscription"
            items={[
              {
                key: 'version',
                label: t('subscription.version'),
                children: subscription.versions.map((v) => v.name).join(' / ') || t('subscription.none'),
              },
              {
                key: 'enableTime',
                label: t('subscription.enableTime'),
                children: (
                  <span data-testid="service-enable-time">{formatDateTime(subscription.enableTime)}</span>
                ),
              },
              {
                key: 'instances',
                label: t('subscription.instances'),
                children: subscription.liveCount,
              },
            ]}
          />
          <InstancesTable
            instances={instancesInRegion(list, regionId)}
            isLoading={instances.isPending}
            isAdmin={isAdmin}
            unavailable={unavailable}
          />
          {service.kind === ServiceKind.studio ? <JobProfileShares /> : null}
        </>
      ) : instances.isPending ? (
        <InstancesTable instances={[]} isLoading isAdmin={isAdmin} />
      ) : (
        <Empty
          data-testid="service-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Space orientation="vertical" size={2}>
              <Typography.Text strong>{t('empty.title')}</Typography.Text>
              <Typography.Text type="secondary">
                {isAdmin ? t('empty.text') : t('empty.member')}
              </Typography.Text>
            </Space>
          }
        >
          {isAdmin ? (
            <Tooltip title={unavailable}>
              <Button
                type="primary"
                onClick={onCreate}
                disabled={unavailable !== null}
                data-testid="service-empty-create"
              >
                {t('actions.openService')}
              </Button>
            </Tooltip>
          ) : null}
        </Empty>
      )}
    </Card>
  );
}

import { InstanceStatus, ServiceKind } from '@console/contract/service-enums';
import { Button, Modal, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DateTimeCell,
  nowrapColumn,
  TableEmpty,
  tableScroll,
  useScreenColumns,
  useShowTotal,
} from '@/components/ui/table-cells';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useCloseInstance } from '../api/close-instance';
import { getInstanceUrl } from '../api/get-instance-url';
import type { TInstanceItem } from '../api/list-instances';
import { useRetryInstance } from '../api/retry-instance';
import { ShareJobProfileAction } from './share-job-profile-action';
import { InstanceStatusTag } from './status-tags';

type TInstancesTableProps = {
  instances: readonly TInstanceItem[];
  isLoading: boolean;
  /** Administrators retry and close instances. */
  isAdmin: boolean;
  /**
   * Why opening, retrying and closing instances are unavailable on this installation (no
   * provisioner: there is no instance to open), or null.
   */
  unavailable?: string | null;
};

/** Opens an opened instance's address in a new tab. */
async function openInstance(instanceId: number): Promise<void> {
  try {
    const { url } = await getInstanceUrl(instanceId);
    window.open(url, '_blank', 'noopener,noreferrer');
  } catch {
    // the API client shows the failure
  }
}

/** A service's instances with their status and the actions each status allows. */
export function InstancesTable({ instances, isLoading, isAdmin, unavailable = null }: TInstancesTableProps) {
  const { t } = useTranslation(['services', 'common']);
  const [closing, setClosing] = useState<TInstanceItem | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const screenColumns = useScreenColumns();
  const showTotal = useShowTotal();
  const retry = useRetryInstance({ onDone: () => toast({ level: 'success', title: t('done.retried') }) });
  const close = useCloseInstance({
    onDone: () => {
      setClosing(null);
      toast({ level: 'success', title: t('done.closed') });
    },
  });

  const columns: TableProps<TInstanceItem>['columns'] = [
    {
      key: 'instanceName',
      title: t('columns.instanceName'),
      fixed: 'left',
      ...nowrapColumn,
      render: (_, instance) => (
        <Typography.Text
          code
          data-testid="instance-name"
          copyable={{
            text: instance.instanceName,
            tooltips: [t('copy', { ns: 'common' }), t('copied', { ns: 'common' })],
          }}
        >
          {instance.instanceName}
        </Typography.Text>
      ),
    },
    {
      key: 'region',
      title: t('columns.region'),
      ...nowrapColumn,
      render: (_, instance) => (
        <span data-testid="instance-region" data-region={instance.region} data-csp={instance.csp}>
          {instance.cspName} / {instance.regionName}
        </span>
      ),
    },
    {
      key: 'version',
      title: t('columns.version'),
      ...nowrapColumn,
      render: (_, instance) => t(`versions.${instance.versionCode}`),
    },
    {
      key: 'status',
      title: t('columns.status'),
      ...nowrapColumn,
      render: (_, instance) => (
        <InstanceStatusTag status={instance.status} failReason={instance.failReason} />
      ),
    },
    {
      key: 'createTime',
      title: t('columns.createTime'),
      ...nowrapColumn,
      render: (_, instance) => <DateTimeCell value={instance.createTime} />,
    },
    {
      key: 'openTime',
      title: t('columns.openTime'),
      ...nowrapColumn,
      render: (_, instance) => <DateTimeCell value={instance.openTime} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      ...nowrapColumn,
      render: (_, instance) => {
        const isOpened = instance.status === InstanceStatus.opened;
        const isFailed = instance.status === InstanceStatus.openFailed;
        return (
          <Space size={0}>
            {isOpened ? (
              <Button
                type="link"
                size="small"
                loading={openingId === instance.id}
                disabled={unavailable !== null}
                title={unavailable ?? undefined}
                {...testId('instance-open')}
                onClick={() => {
                  setOpeningId(instance.id);
                  void openInstance(instance.id).finally(() => setOpeningId(null));
                }}
              >
                {t('actions.open')}
              </Button>
            ) : null}
            {isOpened && instance.serviceKind === ServiceKind.studio ? (
              <ShareJobProfileAction instance={instance} unavailable={unavailable} />
            ) : null}
            {isAdmin && isFailed ? (
              <Button
                type="link"
                size="small"
                loading={retry.isPending && retry.variables === instance.id}
                disabled={unavailable !== null}
                title={unavailable ?? undefined}
                {...testId('instance-retry')}
                onClick={() => retry.mutate(instance.id)}
              >
                {t('actions.retry')}
              </Button>
            ) : null}
            {isAdmin && (isOpened || isFailed) ? (
              <Button
                type="link"
                size="small"
                danger
                disabled={unavailable !== null}
                title={unavailable ?? undefined}
                {...testId('instance-close')}
                onClick={() => setClosing(instance)}
              >
                {t('actions.close')}
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Table<TInstanceItem>
        rowKey="id"
        size="middle"
        columns={screenColumns(columns)}
        dataSource={[...instances]}
        loading={isLoading}
        locale={{ emptyText: <TableEmpty /> }}
        pagination={instances.length > 10 ? { pageSize: 10, showTotal } : false}
        onRow={(instance) =>
          ({ 'data-testid': 'instance-row', 'data-instance': instance.instanceName }) as never
        }
        scroll={tableScroll}
      />
      {closing ? (
        <Modal
          open
          title={t('closeConfirm.title', { name: closing.instanceName })}
          okText={t('closeConfirm.ok')}
          cancelText={t('cancel', { ns: 'common' })}
          okButtonProps={{ danger: true, loading: close.isPending, ...testId('instance-close-ok') }}
          onOk={() => close.mutate(closing.id)}
          onCancel={() => setClosing(null)}
        >
          <Typography.Paragraph data-testid="instance-close-confirm">
            {t('closeConfirm.text', { region: `${closing.cspName} / ${closing.regionName}` })}
          </Typography.Paragraph>
        </Modal>
      ) : null}
    </>
  );
}

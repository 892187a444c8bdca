/**
 * The account's job-profile share links on the Lakehouse card: which job of which instance, who
 * shared it, when it expires, how often it was opened and its status; its creator or an
 * administrator revokes a live one (after a confirmation), and the link stops working at once.
 */
import { Button, Modal, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nowrapColumn, TableEmpty, tableScroll, useScreenColumns } from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { type TJobProfileShareItem, useJobProfileShares } from '../api/list-job-profile-shares';
import { useRevokeJobProfileShare } from '../api/revoke-job-profile-share';
import './job-profile-shares.css';

const statusColors: Record<TJobProfileShareItem['status'], string> = {
  active: 'success',
  expired: 'default',
  revoked: 'error',
};

export function JobProfileShares() {
  const { t } = useTranslation(['share', 'common']);
  const shares = useJobProfileShares();
  const screenColumns = useScreenColumns();
  const [revoking, setRevoking] = useState<TJobProfileShareItem | null>(null);
  const revoke = useRevokeJobProfileShare({
    onDone: () => {
      setRevoking(null);
      toast({ level: 'success', title: t('list.revoked') });
    },
  });

  const columns: TableProps<TJobProfileShareItem>['columns'] = [
    {
      key: 'job',
      title: t('list.job'),
      fixed: 'left',
      ...nowrapColumn,
      render: (_, share) => (
        <Typography.Text code data-testid="share-row-job">
          {share.jobId}
        </Typography.Text>
      ),
    },
    { key: 'instance', title: t('list.instance'), ...nowrapColumn, render: (_, share) => share.instanceName },
    {
      key: 'createdBy',
      title: t('list.createdBy'),
      ...nowrapColumn,
      render: (_, share) => share.createdBy ?? '-',
    },
    {
      key: 'createTime',
      title: t('list.createTime'),
      ...nowrapColumn,
      render: (_, share) => formatDateTime(share.createTime),
    },
    {
      key: 'expireTime',
      title: t('list.expireTime'),
      ...nowrapColumn,
      render: (_, share) => formatDateTime(share.expireTime),
    },
    {
      key: 'opens',
      title: t('list.opens'),
      align: 'right',
      ...nowrapColumn,
      render: (_, share) => <span data-testid="share-row-opens">{share.openCount}</span>,
    },
    {
      key: 'lastOpen',
      title: t('list.lastOpen'),
      ...nowrapColumn,
      render: (_, share) => (share.lastOpenTime ? formatDateTime(share.lastOpenTime) : t('list.never')),
    },
    {
      key: 'status',
      title: t('list.status'),
      ...nowrapColumn,
      render: (_, share) => (
        <Tag color={statusColors[share.status]} data-testid="share-row-status" data-status={share.status}>
          {t(`list.statuses.${share.status}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      ...nowrapColumn,
      render: (_, share) =>
        share.canRevoke ? (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => setRevoking(share)}
            {...testId('share-revoke')}
          >
            {t('list.revoke')}
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <section
      className="cz-services__shares"
      aria-labelledby="job-profile-shares-title"
      data-testid="job-profile-shares"
    >
      <Typography.Title level={3} id="job-profile-shares-title" className="cz-services__shares-title">
        {t('list.title')}
      </Typography.Title>
      <Table<TJobProfileShareItem>
        rowKey="id"
        size="small"
        columns={screenColumns(columns)}
        dataSource={shares.data?.list ?? []}
        loading={shares.isPending}
        locale={{ emptyText: <TableEmpty text={shares.isError ? t('list.loadFailed') : t('list.empty')} /> }}
        pagination={(shares.data?.list.length ?? 0) > 10 ? { pageSize: 10 } : false}
        onRow={(share) =>
          ({ 'data-testid': 'share-row', 'data-share': share.id, 'data-job': share.jobId }) as never
        }
        scroll={tableScroll}
      />
      {revoking ? (
        <Modal
          open
          title={t('list.revokeTitle')}
          okText={t('list.revoke')}
          cancelText={t('cancel', { ns: 'common' })}
          okButtonProps={{ danger: true, loading: revoke.isPending, ...testId('share-revoke-ok') }}
          onOk={() => revoke.mutate(revoking.id)}
          onCancel={() => setRevoking(null)}
        >
          <Typography.Paragraph>{t('list.revokeText', { job: revoking.jobId })}</Typography.Paragraph>
        </Modal>
      ) : null}
    </section>
  );
}

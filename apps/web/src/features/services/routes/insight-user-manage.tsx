/**
 * /serviceManage/insightUserManage, Insight users (administrators; spec sections 2, 3, 7
 * "Insight" and 9): the Insight instance, how many users are enabled out of the limit, and every
 * user of the account with its Insight status. Selected users are enabled (with a role) or
 * disabled; a failed change is retried from its row. The list loads in one page (pageNo 0,
 * pageSize 9999) and refreshes by itself while changes are applied.
 */
import { ErrorCode } from '@console/contract/codes';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/get-current-user';
import {
  EllipsisText,
  nowrapColumn,
  TableEmpty,
  tableScroll,
  useScreenColumns,
} from '@/components/ui/table-cells';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useNotConfigured } from '@/lib/use-not-configured';
import { useDisableInsightUsers } from '../api/disable-insight-users';
import { useEnableInsightUsers } from '../api/enable-insight-users';
import { type TInsightInfo, useInsightInfo } from '../api/get-insight-info';
import { useInsightSyncStatus } from '../api/get-insight-sync-status';
import { useInsightRoles } from '../api/list-insight-roles';
import { type TInsightUserRow, useInsightUsers } from '../api/list-insight-users';
import { InsightStatusTag, InstanceStatusTag, useFailReasonText } from '../components/status-tags';
import { canSelect, rowRetry, selectionActions } from '../lib/insight-selection';
import '../services.css';

export default function InsightUserManagePage() {
  const { t } = useTranslation(['services', 'common']);
  const navigate = useNavigate();
  const currentUser = useCurrentUser().data;
  const isAdmin = currentUser?.isAccountAdmin === true;
  const info = useInsightInfo();
  const isOpened = info.data?.isOpened === true;
  const users = useInsightUsers(isOpened && isAdmin);
  const isNotOpened =
    (info.data !== undefined && !isOpened) || isApiError(users.error, ErrorCode.insightNotOpened);
  const isForbidden =
    currentUser?.isAccountAdmin === false || isApiError(users.error, ErrorCode.notAccountAdmin);

  if (isForbidden) {
    return (
      <Result
        status="403"
        title={t('noAuthTitle', { ns: 'common' })}
        subTitle={t('insight.noPermission')}
        data-testid="insight-no-permission"
      />
    );
  }
  if (isNotOpened) {
    return (
      <Result
        status="info"
        title={t('insight.notOpenedTitle')}
        subTitle={t('insight.notOpenedText')}
        data-testid="insight-not-opened"
        extra={
          <Button
            type="primary"
            onClick={() => navigate(paths.serviceManage)}
            data-testid="insight-go-services"
          >
            {t('insight.backToServices')}
          </Button>
        }
      />
    );
  }
  if (info.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('insight.loadFailed')}
        description={info.error.message}
        action={
          <Button size="small" onClick={() => void info.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        }
      />
    );
  }
  if (!info.data || !currentUser) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <InsightUsers info={info.data} />;
}

function InsightSummary({
  info,
  enabledCount,
  userLimit,
}: {
  info: TInsightInfo;
  enabledCount: number;
  userLimit: number | null;
}) {
  const { t } = useTranslation(['services', 'common']);
  const sync = useInsightSyncStatus();
  const instance = info.instance;
  return (
    <Card className="cz-card cz-services__summary" data-testid="insight-summary">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          {
            key: 'instance',
            label: t('insight.instance'),
            children: instance ? (
              <Typography.Text
                code
                data-testid="insight-instance-name"
                copyable={{
                  text: instance.instanceName,
                  tooltips: [t('copy', { ns: 'common' }), t('copied', { ns: 'common' })],
                }}
              >
                {instance.instanceName}
              </Typography.Text>
            ) : (
              '-'
            ),
          },
          {
            key: 'region',
            label: t('columns.region'),
            children: instance ? `${instance.cspName} / ${instance.regionName}` : '-',
          },
          {
            key: 'status',
            label: t('columns.status'),
            children: instance ? (
              <Space size={4} wrap>
                <InstanceStatusTag status={instance.status} failReason={instance.failReason} />
                <Tag>{instance.versionName}</Tag>
              </Space>
            ) : (
              '-'
            ),
          },
          {
            key: 'enabled',
            label: t('insight.enabledUsers'),
            children: (
              <Space size={4} wrap>
                <Typography.Text strong data-testid="insight-enabled-count" data-enabled={enabledCount}>
                  {userLimit === null
                    ? t('insight.enabledNoLimit', { enabled: enabledCount })
                    : t('insight.enabled', { enabled: enabledCount, limit: userLimit })}
                </Typography.Text>
                {sync.data ? (
                  <Tag
                    color={
                      sync.data.status === 'synced'
                        ? 'green'
                        : sync.data.status === 'failed'
                          ? 'red'
                          : 'processing'
                    }
                    data-testid="insight-sync"
                    data-status={sync.data.status}
                  >
                    {sync.data.status === 'syncing'
                      ? t('insight.sync.syncing', { pending: sync.data.pending })
                      : sync.data.status === 'failed'
                        ? t('insight.sync.failed', { failed: sync.data.failed })
                        : t('insight.sync.synced')}
                  </Tag>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function InsightUsers({ info }: { info: TInsightInfo }) {
  const { t } = useTranslation(['services', 'common']);
  const reasonText = useFailReasonText();
  const users = useInsightUsers();
  const roles = useInsightRoles();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [chosenRole, setRole] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const isSearching = keyword.trim() !== '';
  // The list shows e-mail addresses masked: a search is the server's, which knows them whole.
  const found = useInsightUsers(isSearching, keyword);
  const role = chosenRole ?? roles.data?.find((r) => r.isDefault)?.code ?? roles.data?.[0]?.code;
  const enable = useEnableInsightUsers({
    onDone: (count) => {
      setSelectedIds([]);
      toast({ level: 'success', title: t('insight.done.enabled', { count }) });
    },
  });
  const disable = useDisableInsightUsers({
    onDone: (count) => {
      setSelectedIds([]);
      toast({ level: 'success', title: t('insight.done.disabled', { count }) });
    },
  });

  const list = users.data?.list ?? [];
  const userLimit = users.data?.userLimit ?? info.userLimit;
  const enabledCount = users.data?.enabledCount ?? info.enabledCount;
  const selected = list.filter((u) => selectedIds.includes(u.userId) && canSelect(u));
  const actions = selectionActions(selected, { userLimit, enabledCount });
  const failed = users.isError ? users : isSearching && found.isError ? found : null;
  // Selection and counts follow the whole list; the table shows what the search found.
  const shown = isSearching ? (found.data?.list ?? []) : list;
  const roleName = (code: string | null) => roles.data?.find((r) => r.code === code)?.name ?? code ?? '-';
  // No provisioner on this installation: nothing can be enabled or disabled.
  const unavailable = useNotConfigured('provisioner');
  const isChanging = enable.isPending || disable.isPending || unavailable !== null;
  const screenColumns = useScreenColumns();

  const columns: TableProps<TInsightUserRow>['columns'] = [
    {
      key: 'username',
      title: t('insight.columns.username'),
      fixed: 'left',
      render: (_, user) => <EllipsisText text={user.username} testId="insight-user-name" maxWidth={220} />,
    },
    {
      key: 'displayName',
      title: t('insight.columns.displayName'),
      render: (_, user) => <EllipsisText text={user.displayName} maxWidth={220} />,
    },
    {
      key: 'email',
      title: t('insight.columns.email'),
      render: (_, user) => <EllipsisText text={user.email} />,
    },
    {
      key: 'role',
      title: t('insight.columns.role'),
      ...nowrapColumn,
      render: (_, user) => user.roleName ?? (user.role ? roleName(user.role) : '-'),
    },
    {
      key: 'status',
      title: t('insight.columns.status'),
      ...nowrapColumn,
      render: (_, user) => <InsightStatusTag status={user.status} />,
    },
    {
      key: 'failReason',
      title: t('insight.columns.failReason'),
      render: (_, user) => {
        const text = reasonText(user.failReason);
        return text ? (
          <Typography.Text type="danger">
            <EllipsisText text={text} testId="insight-user-fail-reason" />
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
    {
      key: 'updateTime',
      title: t('insight.columns.updateTime'),
      ...nowrapColumn,
      render: (_, user) => formatDateTime(user.updateTime),
    },
    {
      key: 'actions',
      title: t('insight.columns.actions'),
      fixed: 'right',
      ...nowrapColumn,
      render: (_, user) => {
        const retry = rowRetry(user.status);
        if (!retry) return null;
        return (
          <Button
            type="link"
            size="small"
            disabled={isChanging}
            {...testId('insight-user-retry')}
            onClick={() =>
              retry === 'enable'
                ? enable.mutate({
                    userIds: [user.userId],
                    ...((user.role ?? role) ? { role: user.role ?? role } : {}),
                  })
                : disable.mutate({ userIds: [user.userId] })
            }
          >
            {t('insight.retry')}
          </Button>
        );
      },
    },
  ];

  return (
    <div className="cz-services" data-testid="insight-user-manage">
      <InsightSummary info={info} enabledCount={enabledCount} userLimit={userLimit} />
      {unavailable ? (
        <Alert
          type="info"
          showIcon
          title={unavailable}
          style={{ marginBottom: 16 }}
          data-testid="insight-not-configured"
        />
      ) : null}
      <div className="cz-table-toolbar">
        <Input.Search
          allowClear
          placeholder={t('insight.search')}
          className="cz-table-toolbar__search"
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={setKeyword}
          {...testId('insight-user-search')}
        />
        <Space wrap>
          {selected.length > 0 ? (
            <Typography.Text data-testid="insight-selected-count">
              {t('insight.selected', { count: selected.length })}
            </Typography.Text>
          ) : null}
          {actions.isOverLimit && userLimit !== null ? (
            <Typography.Text type="warning" data-testid="insight-over-limit">
              {t('insight.overLimit', { limit: userLimit, enabled: enabledCount })}
            </Typography.Text>
          ) : null}
          <Typography.Text>{t('insight.role')}</Typography.Text>
          <Select
            value={role}
            aria-label={t('insight.role')}
            loading={roles.isPending}
            style={{ minWidth: 160 }}
            options={(roles.data ?? []).map((r) => ({ value: r.code, label: r.name }))}
            onChange={(next: string) => setRole(next)}
            data-testid="insight-role"
          />
          <Button
            type="primary"
            disabled={!actions.canEnable || isChanging}
            loading={enable.isPending}
            data-testid="insight-enable"
            onClick={() => enable.mutate({ userIds: actions.enableIds, ...(role ? { role } : {}) })}
          >
            {t('insight.enable')}
          </Button>
          <Button
            disabled={!actions.canDisable || isChanging}
            loading={disable.isPending}
            data-testid="insight-disable"
            onClick={() => disable.mutate({ userIds: actions.disableIds })}
          >
            {t('insight.disable')}
          </Button>
        </Space>
      </div>
      {failed?.error ? (
        <Alert
          type="error"
          showIcon
          title={t('insight.loadFailed')}
          description={failed.error.message}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={() => void failed.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          }
        />
      ) : null}
      {/* antd's horizontal scroll measures the columns in an aria-hidden row that copies the
          header, the select-all checkbox too: table-cells.css hides that copy from everyone. */}
      <Table<TInsightUserRow>
        rowKey="userId"
        size="middle"
        columns={screenColumns(columns)}
        dataSource={shown}
        loading={users.isPending || (isSearching && found.isPending)}
        scroll={tableScroll}
        locale={{
          emptyText: <TableEmpty text={keyword.trim() ? t('insight.noMatch') : t('insight.empty')} />,
        }}
        onRow={(user) =>
          ({
            'data-testid': 'insight-user-row',
            'data-username': user.username,
            'data-status': user.status,
          }) as never
        }
        rowSelection={{
          selectedRowKeys: selected.map((u) => u.userId),
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelectedIds(keys.map(Number)),
          getCheckboxProps: (user) => ({ disabled: !canSelect(user) }),
        }}
        pagination={{
          defaultPageSize: 20,
          showSizeChanger: true,
          showTotal: (total) => t('insight.total', { total }),
        }}
      />
    </div>
  );
}

/**
 * The account's roles and who holds each one (spec sections 6 and 7 "Role"), for administrators:
 * each role with its name, description and the menus and operations it grants (`roleDetail`), and
 * its holders page by page (`roleUserList`). The account administrator role is granted and removed
 * here (`grantRoleForUser`, `deleteRoleForUser`); its last holder keeps it, and a user who loses it
 * keeps the member role. Loaded on first opening (roles-button.tsx).
 */
import { ResourceType } from '@console/contract/enums';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { NameCell, NoWrap, nowrapColumn, phoneQuery, tableScroll } from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  canHoldRole,
  roleHoldersPageSize,
  type TRoleHolder,
  useChangeRole,
  useGrantCandidates,
  useRoleDetail,
  useRoleHolders,
} from '../api/roles-api';
import { useRoleList } from '../api/users-api';

type TRoleItem = { id: number; code: string; name: string; isAdminRole: boolean; userCount: number };

export type TRolesDrawerProps = { onClose: () => void };

type TT = (key: string, options?: Record<string, unknown>) => string;

/** A role's name in the page's language: the built-in roles by code, others as the account named them. */
export function roleName(t: TT, role: { code: string; name: string }): string {
  return t(`rolesView.names.${role.code}`, { defaultValue: role.name });
}

/** A resource's name: menus by their menu label, operations by their own label, else as stored. */
export function resourceLabel(t: TT, resource: { resourceName: string; resourceType: number }): string {
  const name = resource.resourceName;
  return resource.resourceType === ResourceType.menu
    ? t(`menu.${name}`, { ns: 'shell', defaultValue: name })
    : t(`rolesView.operations.${name}`, { defaultValue: name });
}

/** Waits `ms` after the last change of `value`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Picks a user who does not hold the role yet and grants it. */
function GrantRole({ role, holderIds }: { role: TRoleItem; holderIds: ReadonlySet<number> }) {
  const { t } = useTranslation(['users']);
  const tx = t as unknown as TT;
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const keyword = useDebounced(search.trim(), 300);
  const candidates = useGrantCandidates(keyword, isOpen || keyword !== '');
  const users = (candidates.data?.list ?? []).filter((u) => canHoldRole(u, holderIds, role.isAdminRole));
  const pickedUser = candidates.data?.list.find((u) => u.id === picked);
  const change = useChangeRole({
    onDone: () => {
      toast({ level: 'success', title: tx('rolesView.granted', { name: pickedUser?.username ?? '' }) });
      setPicked(null);
    },
  });
  return (
    <Space.Compact className="cz-roles__grant" block>
      <Select<number>
        showSearch={{ filterOption: false, onSearch: setSearch }}
        value={picked ?? undefined}
        onChange={setPicked}
        onOpenChange={setOpen}
        placeholder={tx('rolesView.grantPlaceholder')}
        aria-label={tx('rolesView.grantLabel')}
        loading={candidates.isFetching}
        notFoundContent={candidates.isFetching ? null : tx('rolesView.noCandidates')}
        options={users.map((u) => ({
          value: u.id,
          label:
            u.displayName && u.displayName !== u.username ? `${u.username} (${u.displayName})` : u.username,
        }))}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="roles-grant-select"
      />
      <Button
        type="primary"
        disabled={picked === null}
        loading={change.isPending}
        onClick={() => {
          if (picked !== null) change.mutate({ userId: picked, roleId: role.id, grant: true });
        }}
        data-testid="roles-grant"
      >
        {tx('rolesView.grant')}
      </Button>
    </Space.Compact>
  );
}

/**
 * One role: what it is and grants, and who holds it. On a phone the holders' list keeps to the
 * drawer's width: the grant time goes under the holder's name instead of a column of its own.
 */
function RolePanel({
  role,
  selfId,
  isNarrow,
}: {
  role: TRoleItem;
  selfId: number | undefined;
  isNarrow: boolean;
}) {
  const { t } = useTranslation(['users', 'common', 'shell']);
  const tx = t as unknown as TT;
  const [pageNo, setPageNo] = useState(1);
  const detail = useRoleDetail(role.id);
  const holders = useRoleHolders(role.id, pageNo);
  const holderIds = useMemo(() => new Set((holders.data?.list ?? []).map((h) => h.id)), [holders.data]);
  // The last administrator keeps the role (the server refuses with 4150 as well).
  const isLastHolder = role.isAdminRole && (holders.data?.total ?? role.userCount) <= 1;
  const change = useChangeRole({
    onDone: () => toast({ level: 'success', title: tx('rolesView.removed') }),
  });
  const menus = (detail.data?.resources ?? []).filter((r) => r.resourceType === ResourceType.menu);
  const operations = (detail.data?.resources ?? []).filter((r) => r.resourceType !== ResourceType.menu);
  const description = tx(`rolesView.descriptions.${role.code}`, { defaultValue: '' });

  const columns: TableProps<TRoleHolder>['columns'] = [
    {
      key: 'user',
      title: tx('rolesView.columns.user'),
      render: (_, holder) => (
        <>
          <Space size={4}>
            <NameCell name={holder.username} secondary={holder.displayName} testId="role-holder-name" />
            {holder.id === selfId ? <Tag>{tx('rolesView.you')}</Tag> : null}
          </Space>
          {isNarrow ? (
            <div className="cz-cell-secondary" data-testid="role-holder-granted">
              {tx('rolesView.grantedAt', { time: formatDateTime(holder.grantTime) })}
            </div>
          ) : null}
        </>
      ),
    },
    ...(isNarrow
      ? []
      : [
          {
            key: 'grantTime',
            title: tx('rolesView.columns.grantTime'),
            ...nowrapColumn,
            render: (_: unknown, holder: TRoleHolder) => (
              <NoWrap testId="role-holder-granted">{formatDateTime(holder.grantTime)}</NoWrap>
            ),
          },
        ]),
    ...(role.isAdminRole
      ? [
          {
            key: 'actions',
            title: tx('rolesView.columns.actions'),
            ...nowrapColumn,
            render: (_: unknown, holder: TRoleHolder) =>
              holder.id === selfId ? null : isLastHolder ? (
                <Tooltip title={tx('rolesView.lastAdmin')}>
                  <Button type="link" size="small" disabled>
                    {tx('rolesView.remove')}
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={tx('rolesView.removeConfirm', { name: holder.username })}
                  description={tx('rolesView.removeHint')}
                  okText={tx('rolesView.remove')}
                  cancelText={tx('form.cancel')}
                  okButtonProps={{ danger: true, ...{ 'data-testid': 'role-remove-ok' } }}
                  onConfirm={() => change.mutateAsync({ userId: holder.id, roleId: role.id, grant: false })}
                >
                  <Button type="link" size="small" danger data-testid="role-remove">
                    {tx('rolesView.remove')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="role-panel" data-role={role.code}>
      {detail.isError ? (
        <Alert type="error" showIcon title={tx('rolesView.detailFailed')} />
      ) : detail.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          className="cz-roles__detail"
          items={[
            ...(description
              ? [{ key: 'description', label: tx('rolesView.description'), children: description }]
              : []),
            {
              key: 'menus',
              label: tx('rolesView.resourceTypes.menu'),
              children: (
                <Space size={[4, 4]} wrap data-testid="role-menus">
                  {menus.length === 0
                    ? '-'
                    : menus.map((r) => <Tag key={r.resourceName}>{resourceLabel(tx, r)}</Tag>)}
                </Space>
              ),
            },
            {
              key: 'operations',
              label: tx('rolesView.resourceTypes.operation'),
              children: (
                <Space size={[4, 4]} wrap data-testid="role-operations">
                  {operations.length === 0
                    ? '-'
                    : operations.map((r) => <Tag key={r.resourceName}>{resourceLabel(tx, r)}</Tag>)}
                </Space>
              ),
            },
          ]}
        />
      )}
      <Typography.Title level={5} className="cz-roles__holders-title">
        {tx('rolesView.holders', { count: holders.data?.total ?? role.userCount })}
      </Typography.Title>
      {role.isAdminRole ? (
        <GrantRole role={role} holderIds={holderIds} />
      ) : (
        <Typography.Paragraph type="secondary">{tx('rolesView.memberNote')}</Typography.Paragraph>
      )}
      {holders.isError ? (
        <Alert
          type="error"
          showIcon
          title={tx('rolesView.holdersFailed')}
          action={
            <Button size="small" onClick={() => void holders.refetch()}>
              {tx('retry', { ns: 'common' })}
            </Button>
          }
        />
      ) : (
        <Table<TRoleHolder>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={holders.data?.list ?? []}
          loading={holders.isFetching}
          scroll={tableScroll}
          locale={{ emptyText: <Empty description={tx('rolesView.holdersEmpty')} /> }}
          onRow={(holder) => ({ 'data-testid': 'role-holder', 'data-user': holder.username }) as object}
          pagination={{
            current: pageNo,
            pageSize: roleHoldersPageSize,
            total: holders.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPageNo,
          }}
        />
      )}
    </div>
  );
}

/** The drawer: one tab per role of the account. */
export default function RolesDrawer({ onClose }: TRolesDrawerProps) {
  const { t } = useTranslation(['users', 'common']);
  const tx = t as unknown as TT;
  const isNarrow = useMediaQuery(phoneQuery);
  const roles = useRoleList();
  const selfId = useCurrentUser().data?.id;
  const list = roles.data ?? [];
  // The administrator role first: it is the one administrators come here for.
  const ordered = [...list].sort((a, b) => Number(b.isAdminRole) - Number(a.isAdminRole) || a.id - b.id);

  return (
    <Drawer
      open
      size={isNarrow ? '100%' : 720}
      title={tx('rolesView.title')}
      onClose={onClose}
      className="cz-roles"
    >
      <div data-testid="roles-drawer">
        <Typography.Paragraph type="secondary">{tx('rolesView.intro')}</Typography.Paragraph>
        {roles.isError ? (
          <Alert
            type="error"
            showIcon
            title={tx('rolesView.loadFailed')}
            action={
              <Button size="small" onClick={() => void roles.refetch()}>
                {tx('retry', { ns: 'common' })}
              </Button>
            }
            data-testid="roles-load-failed"
          />
        ) : roles.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : ordered.length === 0 ? (
          <Empty description={tx('rolesView.empty')} data-testid="roles-empty" />
        ) : (
          <Tabs
            items={ordered.map((role) => ({
              key: String(role.id),
              label: (
                <span data-testid={`roles-tab-${role.code}`}>
                  {roleName(tx, role)} <Typography.Text type="secondary">({role.userCount})</Typography.Text>
                </span>
              ),
              children: <RolePanel role={role} selfId={selfId} isNarrow={isNarrow} />,
            }))}
          />
        )}
      </div>
    </Drawer>
  );
}

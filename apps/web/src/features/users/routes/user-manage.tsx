import { Alert, Button, Dropdown, Input, Space, Switch, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySessionsDialog } from '@/components/sessions/lazy-sessions-dialog';
import {
  DateTimeCell,
  EllipsisText,
  NameCell,
  NoWrap,
  nowrapColumn,
  TableEmpty,
  tableScroll,
  useScreenColumns,
} from '@/components/ui/table-cells';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useUserSyncStates } from '../api/user-sync';
import {
  refreshUsers,
  type TUserListParams,
  type TUserRow,
  useRoleList,
  usersApi,
  useUserList,
} from '../api/users-api';
import { ConfirmAction } from '../components/confirm-action';
import { ExplainedTag } from '../components/explained-tag';
import { InvitationTag, useInvitationActions } from '../components/invitation-actions';
import { canResetMfa, ResetMfaDialog } from '../components/reset-mfa-dialog';
import { RolesButton } from '../components/roles-button';
import { SyncState } from '../components/sync-state';
import { ResetPasswordDialog, UserDialog } from '../components/user-dialogs';
import { shownSyncState } from '../lib/sync-state';
import { countdownOf } from '../lib/user-form';

type TDialog =
  | { kind: 'add' }
  | { kind: 'addService' }
  | { kind: 'edit'; user: TUserRow }
  | { kind: 'reset'; user: TUserRow }
  | { kind: 'resetMfa'; user: TUserRow }
  | { kind: 'sessions'; user: TUserRow }
  | null;

type TConfirm = { action: 'disable' | 'delete' | 'forceDelete'; users: TUserRow[] } | null;

/**
 * /accountManage/userManage: the account's users, paged, searched and sorted on the server, with
 * row and bulk actions (spec section 2 "User management").
 */
export default function UserManagePage() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const [params, setParams] = useState<TUserListParams>({ pageNo: 1, pageSize: 20 });
  const [isRevealed, setRevealed] = useState(false);
  const [selected, setSelected] = useState<TUserRow[]>([]);
  const [dialog, setDialog] = useState<TDialog>(null);
  const [confirm, setConfirm] = useState<TConfirm>(null);
  const list = useUserList({ ...params, reveal: isRevealed });
  // The instances' side of each change ("result checked later"): one call for the page.
  const sync = useUserSyncStates((list.data?.list ?? []).map((u) => u.id));
  /** Enables or disables; the instances follow, and the rows show when they have ("checked later"). */
  const setStatus = (ids: number[], enable: boolean) => {
    sync.markChanged(ids);
    return usersApi.setStatus(ids, enable);
  };
  const roles = useRoleList().data ?? [];
  const adminRoleId = roles.find((r) => r.isAdminRole)?.id ?? null;
  const retentionDays = list.data?.retentionDays ?? 7;
  const screenColumns = useScreenColumns();
  const invitation = useInvitationActions();
  const pageSize = Number(params.pageSize ?? 20);
  // The page the answer is (a previous-page cursor that reached the list's start answers page 1).
  const shown = list.data && !list.isPlaceholderData ? list.data : undefined;
  const page = shown?.pageNo ?? Number(params.pageNo ?? 1);
  const total = list.data?.total ?? 0;
  const formatted = new Intl.NumberFormat(i18n.language).format(total);
  const totalText = list.data?.isTotalCapped
    ? t('totalCapped', { formatted })
    : t('total', { count: total, formatted });
  // A capped total ("more than 1,000") offers the pages it counted, and one more while the list
  // goes on, so that "next" keeps working past them and no page beyond the list is offered.
  const pagerTotal = list.data?.isTotalCapped
    ? Math.max(total, page * pageSize + (list.data.nextCursor ? 1 : 0))
    : total;

  async function run(work: Promise<unknown>, done: string) {
    try {
      await work;
      toast({ level: 'success', title: tx(done) });
      setSelected([]);
    } catch {
      // the API client shows the failure
    } finally {
      await refreshUsers();
    }
  }

  const name = (users: TUserRow[]) =>
    users.length === 1 ? (users[0]?.username ?? '') : t('bulk.selected', { count: users.length });

  const isProtected = (user: TUserRow) => user.serviceKind === 'system';

  const columns: TableProps<TUserRow>['columns'] = [
    {
      key: 'username',
      title: t('columns.username'),
      dataIndex: 'username',
      sorter: true,
      fixed: 'left',
      render: (_, user) => (
        // Caps that keep the list within a 1440 px window: longer names are cut, whole in a tooltip.
        <NameCell name={user.username} secondary={user.displayName} testId="user-row-name" maxWidth={180} />
      ),
    },
    {
      key: 'phone',
      title: t('columns.phone'),
      ...nowrapColumn,
      render: (_, user) => (user.phone ? <NoWrap>{`+${user.phoneCode} ${user.phone}`}</NoWrap> : '-'),
    },
    {
      key: 'email',
      title: t('columns.email'),
      render: (_, user) => <EllipsisText text={user.email} maxWidth={200} />,
    },
    {
      key: 'title',
      title: t('columns.title'),
      render: (_, user) => (
        <EllipsisText
          text={user.title ? tx(`jobTitles.${user.title}`, { defaultValue: user.title }) : null}
          maxWidth={200}
        />
      ),
    },
    {
      key: 'role',
      title: t('columns.role'),
      ...nowrapColumn,
      render: (_, user) =>
        user.kind === 'service' ? (
          <Tag>{t(user.serviceKind === 'system' ? 'role.system' : 'role.service')}</Tag>
        ) : (
          <Tag color={user.isAdmin ? 'blue' : undefined} data-testid="user-row-role">
            {t(user.isAdmin ? 'role.admin' : 'role.member')}
          </Tag>
        ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      ...nowrapColumn,
      render: (_, user) => (
        <Space direction="vertical" size={0}>
          <Tag
            color={user.status === 'enabled' ? 'green' : user.status === 'deleted' ? 'red' : 'default'}
            data-testid="user-row-status"
          >
            {t(`status.${user.status}`)}
          </Tag>
          {user.purgeTime ? (
            <Typography.Text type="secondary" data-testid="user-row-countdown">
              {t('countdown', countdownOf(user.purgeTime, Date.now()))}
            </Typography.Text>
          ) : null}
          {user.pendingChange ? (
            <Space size={4}>
              <ExplainedTag
                tip={t('pendingTip', {
                  values: [user.pendingChange.email, user.pendingChange.phone].filter(Boolean).join(', '),
                })}
              >
                <Tag color="orange" data-testid="user-row-pending">
                  {t('pending')}
                </Tag>
              </ExplainedTag>
              <Button
                type="link"
                size="small"
                onClick={() => {
                  const id = user.pendingChange?.id;
                  if (id) void run(usersApi.revokePending(id), 'revoked');
                }}
              >
                {t('revoke')}
              </Button>
            </Space>
          ) : null}
          <InvitationTag user={user} />
          <SyncState userId={user.id} state={shownSyncState(sync.of(user.id), sync.wasBusy(user.id))} />
        </Space>
      ),
    },
    {
      key: 'lastLoginTime',
      title: t('columns.lastLogin'),
      sorter: true,
      ...nowrapColumn,
      // The date over the time: a column as narrow as a date, so the list fits a 1440 px window.
      render: (_, user) => <DateTimeCell value={user.lastLoginTime} empty={t('never')} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      ...nowrapColumn,
      render: (_, user) => {
        if (isProtected(user) || user.isSelf) return null;
        if (user.status === 'deleted') {
          return (
            <Space>
              <Button
                type="link"
                size="small"
                {...testId('user-recover')}
                onClick={() => void run(usersApi.recover([user]), 'done.recovered')}
              >
                {t('actions.recover')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                {...testId('user-force-delete')}
                onClick={() => setConfirm({ action: 'forceDelete', users: [user] })}
              >
                {t('actions.forceDelete')}
              </Button>
            </Space>
          );
        }
        return (
          <Space>
            <Button
              type="link"
              size="small"
              {...testId('user-edit')}
              onClick={() => setDialog({ kind: 'edit', user })}
            >
              {t('actions.edit')}
            </Button>
            {user.status === 'enabled' ? (
              <Button
                type="link"
                size="small"
                {...testId('user-disable')}
                onClick={() => setConfirm({ action: 'disable', users: [user] })}
              >
                {t('actions.disable')}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                {...testId('user-enable')}
                onClick={() => void run(setStatus([user.id], true), 'done.enabled')}
              >
                {t('actions.enable')}
              </Button>
            )}
            <Dropdown
              menu={{
                items: [
                  ...invitation.items(user),
                  {
                    key: 'reset',
                    label: <span data-testid="user-reset-password">{t('actions.resetPassword')}</span>,
                  },
                  // A user who lost their authenticator or passkeys (decision 0048).
                  ...(canResetMfa(user)
                    ? [
                        {
                          key: 'resetMfa',
                          label: <span data-testid="user-reset-mfa">{t('actions.resetMfa')}</span>,
                        },
                      ]
                    : []),
                  // Service users never hold a web session.
                  ...(user.kind === 'regular'
                    ? [
                        {
                          key: 'sessions',
                          label: <span data-testid="user-sessions">{t('actions.sessions')}</span>,
                        },
                      ]
                    : []),
                  {
                    key: 'delete',
                    danger: true,
                    label: <span data-testid="user-delete">{t('actions.delete')}</span>,
                  },
                ],
                onClick: ({ key }) => {
                  if (invitation.onClick(key, user)) return;
                  if (key === 'reset' || key === 'resetMfa' || key === 'sessions')
                    setDialog({ kind: key, user });
                  else setConfirm({ action: 'delete', users: [user] });
                },
              }}
            >
              <Button type="link" size="small" {...testId('user-more')}>
                {t('actions.more')}
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="cz-users" data-testid="user-manage">
      {invitation.holder}
      <div className="cz-table-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            className="cz-table-toolbar__search"
            onSearch={(keyword) =>
              setParams((p) => ({ ...p, pageNo: 1, cursor: undefined, keyword: keyword.trim() || undefined }))
            }
            {...testId('user-search')}
          />
          {/* One label whatever the state: the switch itself shows on or off. */}
          <Switch
            id="user-reveal"
            checked={isRevealed}
            onChange={setRevealed}
            aria-label={t('reveal')}
            {...testId('user-reveal')}
          />
          <label htmlFor="user-reveal">
            <Typography.Text>{t('reveal')}</Typography.Text>
          </label>
        </Space>
        <Space wrap>
          {selected.length > 0 ? (
            <>
              <Typography.Text>{t('bulk.selected', { count: selected.length })}</Typography.Text>
              <Button
                onClick={() =>
                  void run(
                    setStatus(
                      selected.map((u) => u.id),
                      true,
                    ),
                    'done.enabled',
                  )
                }
              >
                {t('bulk.enable')}
              </Button>
              <Button onClick={() => setConfirm({ action: 'disable', users: selected })}>
                {t('bulk.disable')}
              </Button>
              <Button
                danger
                {...testId('bulk-delete')}
                onClick={() => setConfirm({ action: 'delete', users: selected })}
              >
                {t('bulk.delete')}
              </Button>
            </>
          ) : null}
          <RolesButton />
          <Button onClick={() => setDialog({ kind: 'addService' })} {...testId('add-service-user')}>
            {t('addServiceUser')}
          </Button>
          <Button type="primary" onClick={() => setDialog({ kind: 'add' })} {...testId('add-user')}>
            {t('addUser')}
          </Button>
        </Space>
      </div>
      {list.isError ? (
        <Alert type="error" showIcon message={t('loadFailed')} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<TUserRow>
        rowKey="id"
        size="middle"
        columns={screenColumns(columns)}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={tableScroll}
        locale={{ emptyText: <TableEmpty text={params.keyword ? t('noMatch') : t('empty')} /> }}
        rowSelection={{
          selectedRowKeys: selected.map((u) => u.id),
          onChange: (_, rows) => setSelected(rows),
          getCheckboxProps: (user) => ({
            disabled: user.isSelf || isProtected(user) || user.status === 'deleted',
          }),
        }}
        pagination={{
          current: page,
          pageSize,
          total: pagerTotal,
          showSizeChanger: true,
          showTotal: () => totalText,
        }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = one?.order
            ? one.columnKey === 'lastLoginTime'
              ? 'lastLoginTime'
              : 'username'
            : undefined;
          const order = one?.order ?? undefined;
          const size = pagination.pageSize ?? 20;
          const isSameList = field === params.sortField && order === params.sortOrder && size === pageSize;
          const to = isSameList ? (pagination.current ?? 1) : 1;
          // The page next to the one shown is read from its edge row (keyset); any other by number.
          const cursor = !isSameList
            ? undefined
            : to === page + 1
              ? (shown?.nextCursor ?? undefined)
              : to === page - 1
                ? (shown?.prevCursor ?? undefined)
                : undefined;
          setParams((p) => ({
            ...p,
            pageNo: to,
            pageSize: size,
            sortField: field,
            sortOrder: order,
            cursor,
          }));
        }}
      />
      {dialog?.kind === 'reset' ? (
        <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : dialog?.kind === 'resetMfa' ? (
        <ResetMfaDialog user={dialog.user} onClose={() => setDialog(null)} />
      ) : dialog?.kind === 'sessions' ? (
        <LazySessionsDialog
          owner={{ kind: 'user', userId: dialog.user.id, username: dialog.user.username }}
          onClose={() => setDialog(null)}
        />
      ) : dialog ? (
        <UserDialog mode={dialog} adminRoleId={adminRoleId} onClose={() => setDialog(null)} />
      ) : null}
      {confirm ? (
        <ConfirmAction
          confirm={confirm}
          title={name(confirm.users)}
          retentionDays={retentionDays}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            const ids = confirm.users.map((u) => u.id);
            setConfirm(null);
            if (confirm.action === 'disable') await run(setStatus(ids, false), 'done.disabled');
            else await run(usersApi.remove(confirm.users, confirm.action === 'forceDelete'), 'done.deleted');
          }}
        />
      ) : null}
    </div>
  );
}

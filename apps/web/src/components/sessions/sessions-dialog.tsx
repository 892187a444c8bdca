/**
 * The live sessions of the signed-in user (account center) or of a user an administrator manages
 * (user list): device and browser, address, sign-in method, sign-in and last activity. Each can be
 * ended, and all but the current one (mine) or all (a user's) at once.
 */
import { DesktopOutlined, MobileOutlined, QuestionOutlined, TabletOutlined } from '@ant-design/icons';
import type { TPhrases } from '@console/phrases';
import { Alert, Button, Modal, Popconfirm, Table, type TableProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { endClientSession } from '@/api/logout';
import { type TSession, type TSessionOwner, useEndSessions, useSessions } from '@/api/sessions';
import { NoWrap, nowrapColumn, phoneQuery, TableEmpty, tableScroll } from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { useMediaQuery } from '@/lib/use-media-query';
import './sessions-dialog.css';

type TSessionPhrases = TPhrases['account']['sessions'];

const deviceIcons = {
  desktop: <DesktopOutlined />,
  mobile: <MobileOutlined />,
  tablet: <TabletOutlined />,
  other: <QuestionOutlined />,
} as const;

/** The sign-in method in words: `third_party:<provider>` names its provider. */
export function methodText(method: string | null, p: TSessionPhrases): string {
  if (!method) return p.methods.unknown;
  if (method.startsWith('third_party:'))
    return `${p.methods.third_party} (${method.slice('third_party:'.length)})`;
  return (p.methods as Record<string, string>)[method] ?? method;
}

/** "Chrome 131 · Mac OS 10.15.7", or the kind of device when the browser named neither. */
export function deviceText(session: TSession, p: TSessionPhrases): string {
  const parts = [session.browser, session.os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : p.unknownDevice;
}

export type TSessionsDialogProps = { owner: TSessionOwner; onClose: () => void };

export function SessionsDialog({ owner, onClose }: TSessionsDialogProps) {
  const { t, i18n } = useTranslation(['account']);
  const p = i18n.getResourceBundle(i18n.language, 'account').sessions as TSessionPhrases;
  const sessions = useSessions(owner);
  const end = useEndSessions(owner);
  const isMine = owner.kind === 'mine';
  const isPhone = useMediaQuery(phoneQuery);
  const scroller = useKeyboardScroll(isMine ? p.dialogTitle : p.title);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.isCurrent);

  async function endOne(session: TSession) {
    try {
      const { count } = await end.mutateAsync(session.id);
      if (session.isCurrent && count > 0) {
        endClientSession();
        return;
      }
      toast({ level: count > 0 ? 'success' : 'info', title: count > 0 ? p.ended : p.alreadyEnded });
    } catch {
      // the API client shows the failure
    }
  }

  async function endRest() {
    try {
      const { count } = await end.mutateAsync(undefined);
      toast({ level: 'success', title: t('sessions.endedCount', { count }) });
    } catch {
      // the API client shows the failure
    }
  }

  const deviceCell = (s: TSession) => (
    <div className="cz-session-device" data-testid="session-device">
      <span className="cz-session-device__icon" role="img" aria-label={p.deviceTypes[s.deviceType]}>
        {deviceIcons[s.deviceType]}
      </span>
      <span className="cz-session-device__text">
        <NoWrap>{deviceText(s, p)}</NoWrap>
        {s.isCurrent ? (
          <Tag color="blue" className="cz-session-device__current" data-testid="session-current">
            {p.current}
          </Tag>
        ) : null}
      </span>
    </div>
  );

  const endButton = (s: TSession) => (
    <Popconfirm
      title={s.isCurrent ? p.endCurrentConfirm : p.endConfirm}
      okText={p.end}
      cancelText={p.cancel}
      okButtonProps={{ danger: true, ...testId('session-end-ok') }}
      onConfirm={() => endOne(s)}
    >
      <Button type="link" size="small" danger {...testId('session-end')}>
        {p.end}
      </Button>
    </Popconfirm>
  );

  const columns: TableProps<TSession>['columns'] = [
    {
      key: 'device',
      title: p.device,
      render: (_, s) => deviceCell(s),
    },
    {
      key: 'ip',
      title: p.address,
      ...nowrapColumn,
      render: (_, s) => <span data-testid="session-ip">{s.ip ?? '-'}</span>,
    },
    {
      key: 'method',
      title: p.method,
      ...nowrapColumn,
      render: (_, s) => <span data-testid="session-method">{methodText(s.method, p)}</span>,
    },
    { key: 'createdAt', title: p.signedIn, ...nowrapColumn, render: (_, s) => formatDateTime(s.createdAt) },
    {
      key: 'lastSeenAt',
      title: p.lastActive,
      ...nowrapColumn,
      render: (_, s) => formatDateTime(s.lastSeenAt),
    },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      ...nowrapColumn,
      render: (_, s) => endButton(s),
    },
  ];

  const canEndRest = isMine ? others.length > 0 : list.length > 0;
  const title = isMine ? p.dialogTitle : t('sessions.userDialogTitle', { name: owner.username });
  return (
    <Modal
      open
      title={title}
      width={960}
      onCancel={onClose}
      footer={[
        <Popconfirm
          key="rest"
          title={isMine ? p.endOthersConfirm : t('sessions.endAllConfirm', { name: owner.username })}
          okText={p.end}
          cancelText={p.cancel}
          okButtonProps={{ danger: true, ...testId('sessions-end-rest-ok') }}
          onConfirm={endRest}
          disabled={!canEndRest}
        >
          <Button danger disabled={!canEndRest} {...testId('sessions-end-rest')}>
            {isMine ? p.endOthers : p.endAll}
          </Button>
        </Popconfirm>,
        <Button key="close" type="primary" onClick={onClose} {...testId('sessions-close')}>
          {p.close}
        </Button>,
      ]}
    >
      <div data-testid="sessions-dialog" ref={scroller}>
        <p className="cz-sessions__intro">{isMine ? p.intro : p.userIntro}</p>
        {sessions.isError ? (
          <Alert type="error" showIcon title={p.loadFailed} data-testid="sessions-load-failed" />
        ) : isPhone && list.length === 0 && !sessions.isPending ? (
          <TableEmpty text={p.empty} testId="sessions-empty" />
        ) : isPhone ? (
          // A phone's width: one block per session, nothing to scroll sideways.
          <ul className="cz-session-list" aria-busy={sessions.isPending || end.isPending}>
            {list.map((s) => (
              <li
                key={s.id}
                className="cz-session-list__item"
                data-testid="session-row"
                data-current={String(s.isCurrent)}
              >
                <div className="cz-session-list__head">
                  {deviceCell(s)}
                  {endButton(s)}
                </div>
                <dl className="cz-session-list__facts">
                  <dt>{p.address}</dt>
                  <dd data-testid="session-ip">{s.ip ?? '-'}</dd>
                  <dt>{p.method}</dt>
                  <dd data-testid="session-method">{methodText(s.method, p)}</dd>
                  <dt>{p.signedIn}</dt>
                  <dd>{formatDateTime(s.createdAt)}</dd>
                  <dt>{p.lastActive}</dt>
                  <dd>{formatDateTime(s.lastSeenAt)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <Table<TSession>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={list}
            loading={sessions.isPending || end.isPending}
            pagination={false}
            scroll={tableScroll}
            locale={{ emptyText: <TableEmpty text={p.empty} testId="sessions-empty" /> }}
            onRow={(s) => ({ 'data-testid': 'session-row', 'data-current': String(s.isCurrent) }) as object}
          />
        )}
      </div>
    </Modal>
  );
}

export default SessionsDialog;

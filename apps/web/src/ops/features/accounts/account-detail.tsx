/**
 * An account's page (decision 0051, no impersonation): everything support needs without signing in
 * as the customer, from one call (`opsGetAccount`): overview, verification, funds and vouchers,
 * services and instances, users with their second factors and last sign-in (each links to the
 * user's page), recent top-ups; and the account's own audit log, paged. The acts sit in a toolbar.
 */
import { platformOperatorRoleOf } from '@console/contract/audit-rules';
import type { TOpsAccountPage, TOpsRole } from '@console/contract/ops';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { formatDateTime, formatFen } from '@/ops/lib/format';
import { callOps, isOpsError } from '@/ops/lib/ops-api';
import { AccountActs } from './account-acts';
import { EditionTag, StatusTag, TrialText, VerificationTag } from './account-tags';

/**
 * A card of the page. What is wider than a phone scrolls inside it, by keyboard too: a table's own
 * scroller becomes a named region, and facts (never-wrapping identifiers) scroll in one.
 */
function Section({
  title,
  testId,
  isFacts = false,
  children,
}: {
  title: string;
  testId?: string;
  isFacts?: boolean;
  children: ReactNode;
}) {
  const scroller = useKeyboardScroll(title);
  return (
    <Card title={title} data-testid={testId}>
      {isFacts ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard (WCAG 2.1.1)
        <section className="cz-ops-accounts__scroll" tabIndex={0} aria-label={title}>
          {children}
        </section>
      ) : (
        <div ref={scroller}>{children}</div>
      )}
    </Card>
  );
}

type TUser = TOpsAccountPage['users'][number];
type TMoney = { fen: number; currency: string };
const money = (m: TMoney) => formatFen(m.fen, m.currency);
const scroll = { x: 'max-content' } as const;

function Overview({ page }: { page: TOpsAccountPage }) {
  const { t } = useTranslation('opsAccounts');
  const a = page.account;
  return (
    <Section title={t('page.overview')} testId="ops-account-overview" isFacts>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('page.id')}>
          <span className="cz-ops-id">{a.id}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('page.name')}>
          <span className="cz-ops-id">{a.name}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('page.company')}>{a.companyName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('page.status')}>
          <StatusTag status={a.status} />
          {a.servicesPausedAt ? (
            <Typography.Text type="warning">
              {t('page.servicesPaused', { date: formatDateTime(a.servicesPausedAt) })}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.edition')}>
          <EditionTag edition={a.edition} />
          {a.formalApplicationSubmitted ? <Tag color="processing">{t('page.formalApplication')}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.trial')}>
          <span data-testid="ops-account-trial">
            <TrialText days={a.trialDaysLeft} />
          </span>
          {a.trialEndsAt ? ` · ${t('page.trialEnds', { date: formatDateTime(a.trialEndsAt) })}` : ''}
          {a.trialExtensionDays > 0 ? ` · ${t('page.trialExtension', { days: a.trialExtensionDays })}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.mfaRequired')}>
          {a.mfaRequired ? t('page.yes') : t('page.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.registration')}>
          <span className="cz-ops-id">{a.registrationPhone ?? a.registrationEmail ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('page.loginAddress')}>
          <span className="cz-ops-id">{a.loginAddress}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('page.createdAt')}>{formatDateTime(a.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Section>
  );
}

function Verification({ page }: { page: TOpsAccountPage }) {
  const { t } = useTranslation('opsAccounts');
  const v = page.verification;
  return (
    <Section title={t('page.verification')} isFacts>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('page.status')}>
          <VerificationTag state={v.state} />
          {v.manualReview ? <Tag>{t('page.manualReview')}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.verificationType')}>
          {v.type ? t(`verificationTypes.${v.type}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.company')}>{v.companyName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('page.creditCode')}>
          <span className="cz-ops-id">{v.creditCode ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('page.decidedAt')}>{v.at ? formatDateTime(v.at) : '—'}</Descriptions.Item>
      </Descriptions>
    </Section>
  );
}

function Funds({ page }: { page: TOpsAccountPage }) {
  const { t } = useTranslation('opsAccounts');
  const f = page.funds;
  return (
    <Section title={t('page.funds')} testId="ops-account-funds" isFacts>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('page.cash')}>{money(f.cash)}</Descriptions.Item>
        <Descriptions.Item label={t('page.arrears')}>
          {money(f.arrears)}
          {f.arrearsSince ? ` (${t('page.arrearsSince', { date: formatDateTime(f.arrearsSince) })})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('page.voucherBalance', { count: f.voucherCount })}>
          {money(f.vouchers)}
        </Descriptions.Item>
      </Descriptions>
    </Section>
  );
}

function Users({ page }: { page: TOpsAccountPage }) {
  const { t } = useTranslation('opsAccounts');
  const factors = (u: TUser) => {
    const parts: string[] = [];
    if (u.hasAuthenticator) parts.push(t('page.authenticator'));
    if (u.passkeys > 0)
      parts.push(u.passkeys === 1 ? t('page.passkeyOne') : t('page.passkeys', { count: u.passkeys }));
    return parts.length > 0 ? parts.join(' · ') : t('page.noSecondFactor');
  };
  return (
    <Section title={t('page.users', { count: page.usersTotal })}>
      <Table<TUser>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={scroll}
        dataSource={page.users}
        data-testid="ops-account-users"
        columns={[
          {
            key: 'user',
            title: t('page.username'),
            render: (_, u) => (
              <Space direction="vertical" size={0}>
                <Link to={`/users/${u.id}`} className="cz-ops-id">
                  {u.username}
                </Link>
                {u.displayName ? <Typography.Text type="secondary">{u.displayName}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            key: 'role',
            title: t('page.role'),
            render: (_, u) => (
              <Space size={4} wrap>
                <span>
                  {u.kind === 'service'
                    ? t('page.serviceUser')
                    : u.isAdmin
                      ? t('page.admin')
                      : t('page.member')}
                </span>
                {u.isDeleted ? (
                  <Tag>{t('page.deletedUser')}</Tag>
                ) : !u.isEnabled ? (
                  <Tag>{t('page.disabled')}</Tag>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'contact',
            title: t('page.contact'),
            render: (_, u) => (
              <Space direction="vertical" size={0}>
                <span className="cz-ops-id">{u.phone ?? '—'}</span>
                <span className="cz-ops-id">{u.email ?? ''}</span>
              </Space>
            ),
          },
          {
            key: 'factors',
            title: t('page.secondFactors'),
            render: (_, u) => (
              <Space direction="vertical" size={0}>
                <span>{factors(u)}</span>
                <Typography.Text type="secondary">
                  {u.mfaEnabled && u.mfaMethod
                    ? t('page.protection', { method: t(`page.methods.${u.mfaMethod}`) })
                    : t('page.protectionOff')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'lastSignIn',
            title: t('page.lastSignIn'),
            render: (_, u) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : t('page.never')),
          },
        ]}
      />
    </Section>
  );
}

function Holdings({ page }: { page: TOpsAccountPage }) {
  const { t, i18n } = useTranslation('opsAccounts');
  const isZh = i18n.language.startsWith('zh');
  return (
    <>
      <Section title={t('page.instances')}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={scroll}
          dataSource={page.instances}
          locale={{ emptyText: <span className="cz-ops-accounts__empty">{t('page.noInstances')}</span> }}
          columns={[
            {
              key: 'name',
              title: t('page.instanceName'),
              render: (_, i) => <span className="cz-ops-id">{i.instanceName}</span>,
            },
            {
              key: 'service',
              title: t('page.service'),
              render: (_, i) => (isZh ? i.serviceZh : i.serviceEn),
            },
            { key: 'region', title: t('page.region'), render: (_, i) => (isZh ? i.regionZh : i.regionEn) },
            {
              key: 'status',
              title: t('page.instanceStatus'),
              render: (_, i) => (
                <Tag
                  color={i.status === 'opened' ? 'success' : i.status === 'openFailed' ? 'error' : 'default'}
                >
                  {t(`page.instanceStates.${i.status}`)}
                </Tag>
              ),
            },
          ]}
        />
      </Section>
      <Section title={t('page.vouchers')}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={scroll}
          dataSource={page.vouchers}
          locale={{ emptyText: <span className="cz-ops-accounts__empty">{t('page.noVouchers')}</span> }}
          columns={[
            {
              key: 'code',
              title: t('page.voucherCode'),
              render: (_, v) => <span className="cz-ops-id">{v.code}</span>,
            },
            { key: 'name', title: t('page.voucherName'), render: (_, v) => (isZh ? v.nameZh : v.nameEn) },
            { key: 'face', title: t('page.voucherFace'), align: 'right', render: (_, v) => money(v.face) },
            {
              key: 'available',
              title: t('page.voucherAvailable'),
              align: 'right',
              render: (_, v) => money(v.available),
            },
            {
              key: 'expires',
              title: t('page.voucherExpires'),
              render: (_, v) => formatDateTime(v.expiresAt),
            },
            {
              key: 'state',
              title: t('page.voucherState'),
              render: (_, v) => t(`page.voucherStates.${v.state}`),
            },
          ]}
        />
      </Section>
      <Section title={t('page.topUps')}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={scroll}
          dataSource={page.topUps}
          locale={{ emptyText: <span className="cz-ops-accounts__empty">{t('page.noTopUps')}</span> }}
          columns={[
            {
              key: 'id',
              title: t('page.topUpId'),
              render: (_, r) => <span className="cz-ops-id">{r.id}</span>,
            },
            { key: 'channel', title: t('page.channel'), render: (_, r) => t(`page.channels.${r.channel}`) },
            { key: 'amount', title: t('page.amount'), align: 'right', render: (_, r) => money(r.amount) },
            {
              key: 'status',
              title: t('page.topUpStatus'),
              render: (_, r) => t(`page.topUpStates.${r.status}`),
            },
            { key: 'at', title: t('page.createdAt'), render: (_, r) => formatDateTime(r.createdAt) },
          ]}
        />
      </Section>
    </>
  );
}

function AuditLog({ accountId }: { accountId: number }) {
  const { t } = useTranslation(['opsAccounts', 'opsShell']);
  const log = useInfiniteQuery({
    queryKey: ['ops', 'accounts', 'audit', accountId],
    queryFn: ({ pageParam }) =>
      callOps('opsAccountAudit', {
        query: { accountId, pageSize: 20, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries = log.data?.pages.flatMap((p) => p.list) ?? [];
  type TEntry = (typeof entries)[number];
  const actor = (e: TEntry) => {
    const role = platformOperatorRoleOf(e) as TOpsRole | null;
    if (role) return t('page.platformOperator', { role: t(`roles.${role}`, { ns: 'opsShell' }) });
    return e.username ?? t('page.system');
  };
  return (
    <Section title={t('page.audit')} testId="ops-account-audit">
      <Table<TEntry>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={scroll}
        loading={log.isFetching}
        dataSource={entries}
        locale={{ emptyText: <span className="cz-ops-accounts__empty">{t('page.noAudit')}</span> }}
        columns={[
          { key: 'at', title: t('page.auditTime'), render: (_, e) => formatDateTime(e.createdAt) },
          { key: 'actor', title: t('page.auditActor'), render: (_, e) => actor(e) },
          {
            key: 'action',
            title: t('page.auditAction'),
            render: (_, e) => <span className="cz-ops-id">{e.action}</span>,
          },
          {
            key: 'reason',
            title: t('page.auditReason'),
            render: (_, e) => (typeof e.info.reason === 'string' ? e.info.reason : ''),
          },
        ]}
      />
      {log.hasNextPage ? (
        <Button
          className="cz-ops-accounts__more"
          onClick={() => void log.fetchNextPage()}
          loading={log.isFetchingNextPage}
        >
          {t('page.loadMore')}
        </Button>
      ) : null}
    </Section>
  );
}

export function AccountDetail() {
  const { t } = useTranslation('opsAccounts');
  const accountId = Number(useParams().id);
  const page = useQuery({
    queryKey: ['ops', 'accounts', 'page', accountId],
    queryFn: () => callOps('opsGetAccount', { query: { accountId }, quietCodes: [4310] }),
    enabled: Number.isInteger(accountId) && accountId > 0,
    retry: false,
  });
  const back = (
    <Link to=".." relative="path" className="cz-ops-accounts__back">
      ← {t('page.back')}
    </Link>
  );
  if (page.isPending) {
    return (
      <>
        {back}
        <Spin tip={t('page.loading')}>
          <div className="cz-ops-loading" />
        </Spin>
      </>
    );
  }
  if (page.isError || !page.data) {
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          title={isOpsError(page.error, 4310) ? t('page.notFound') : String(page.error?.message)}
        />
      </>
    );
  }
  const data = page.data;
  return (
    <>
      {back}
      <div className="cz-ops-accounts__head">
        <Typography.Title level={1} className="cz-ops-page__title cz-ops-id" data-testid="ops-account-title">
          {data.account.displayName}
        </Typography.Title>
        <AccountActs page={data} />
      </div>
      <div className="cz-ops-accounts__sections">
        <Overview page={data} />
        <div className="cz-ops-grid">
          <Verification page={data} />
          <Funds page={data} />
        </div>
        <Users page={data} />
        <Holdings page={data} />
        <AuditLog accountId={data.account.id} />
      </div>
    </>
  );
}

/**
 * The accounts' search: one box for whatever the customer told (an account ID or name, a company,
 * a credit code, a user's phone, e-mail or username), the matches with their status, edition,
 * trial and verification, and what each matched by. The text stays in the address (`?q=`), so
 * that going back from an account returns to the same results.
 */
import type { TOpsAccountSummary } from '@console/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';
import { callOps } from '@/ops/lib/ops-api';
import { useOpsCan } from '@/ops/lib/ops-session';
import { EditionTag, StatusTag, TrialText, VerificationTag } from './account-tags';
import { ActivationCodeDialog } from './activation-code-dialog';
import { CreateAccountDialog } from './create-account-dialog';

export function AccountSearch() {
  const { t } = useTranslation('opsAccounts');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [text, setText] = useState(q);
  const [dialog, setDialog] = useState<'create' | 'activation' | null>(null);
  const canCreate = useOpsCan('opsCreateAccount');
  const canIssue = useOpsCan('opsCreateActivationCode');
  const scroller = useKeyboardScroll(t('search.title'));
  const results = useQuery({
    queryKey: ['ops', 'accounts', 'search', q, page],
    queryFn: () => callOps('opsSearchAccounts', { query: { q, page } }),
    enabled: q !== '',
  });
  const go = (next: { q: string; page: number }) =>
    setParams(next.q ? { q: next.q, ...(next.page > 1 ? { page: String(next.page) } : {}) } : {});

  const columns = [
    {
      key: 'account',
      title: t('search.columns.account'),
      render: (_: unknown, a: TOpsAccountSummary) => (
        <Space direction="vertical" size={0}>
          <Link to={`/accounts/${a.id}`} data-testid="ops-account-link" className="cz-ops-id">
            {a.displayName}
          </Link>
          <Typography.Text type="secondary" className="cz-ops-id">
            #{a.id} · {a.name}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'company',
      title: t('search.columns.company'),
      render: (_: unknown, a: TOpsAccountSummary) => a.companyName ?? '—',
    },
    {
      key: 'status',
      title: t('search.columns.status'),
      render: (_: unknown, a: TOpsAccountSummary) => <StatusTag status={a.status} />,
    },
    {
      key: 'edition',
      title: t('search.columns.edition'),
      render: (_: unknown, a: TOpsAccountSummary) => <EditionTag edition={a.edition} />,
    },
    {
      key: 'trial',
      title: t('search.columns.trial'),
      render: (_: unknown, a: TOpsAccountSummary) => <TrialText days={a.trialDaysLeft} />,
    },
    {
      key: 'verification',
      title: t('search.columns.verification'),
      render: (_: unknown, a: TOpsAccountSummary) => <VerificationTag state={a.verification} />,
    },
    {
      key: 'matched',
      title: t('search.columns.matched'),
      render: (_: unknown, a: TOpsAccountSummary) => (
        <span>
          {t(`matches.${a.matchedBy}`)}: <span className="cz-ops-id">{a.matchedValue}</span>
        </span>
      ),
    },
  ];

  const data = results.data;
  return (
    <>
      <div className="cz-ops-accounts__head">
        <Typography.Title level={1} className="cz-ops-page__title">
          {t('search.title')}
        </Typography.Title>
        <Space wrap>
          {canCreate ? (
            <Button type="primary" onClick={() => setDialog('create')} data-testid="ops-create-account">
              {t('search.createAccount')}
            </Button>
          ) : null}
          {canIssue ? (
            <Button onClick={() => setDialog('activation')} data-testid="ops-activation-code">
              {t('search.activationCodes')}
            </Button>
          ) : null}
        </Space>
      </div>
      <Card>
        <Input.Search
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => go({ q: value.trim(), page: 1 })}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          enterButton={t('search.button')}
          maxLength={100}
          allowClear
          data-testid="ops-account-search"
        />
        <Typography.Paragraph type="secondary" className="cz-ops-accounts__hint">
          {t('search.hint')}
        </Typography.Paragraph>
        {q ? (
          <div ref={scroller}>
            <Table
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={data?.list ?? []}
              loading={results.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Empty
                    description={<span className="cz-ops-accounts__empty">{t('search.empty', { q })}</span>}
                  />
                ),
              }}
              data-testid="ops-account-results"
            />
          </div>
        ) : null}
        {data && (page > 1 || data.hasMore) ? (
          <Space className="cz-ops-accounts__pager">
            <Button disabled={page <= 1} onClick={() => go({ q, page: page - 1 })}>
              {t('search.previous')}
            </Button>
            <Button disabled={!data.hasMore} onClick={() => go({ q, page: page + 1 })}>
              {t('search.next')}
            </Button>
          </Space>
        ) : null}
      </Card>
      <CreateAccountDialog
        open={dialog === 'create'}
        onClose={() => setDialog(null)}
        onOpen={(id) => navigate(`/accounts/${id}`)}
      />
      <ActivationCodeDialog open={dialog === 'activation'} onClose={() => setDialog(null)} />
    </>
  );
}

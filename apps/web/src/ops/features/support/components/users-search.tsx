/**
 * The Users page: a search across accounts (username, e-mail, phone, display name, id), its
 * results as a table inside its card on wide windows and as a list on narrow ones; each user
 * opens the User page. The text and page live in the address, so Back returns to the results.
 */
import type { TOpsUserRow } from '@console/contract/ops';
import { Card, Grid, Input, List, Pagination, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@/ops/lib/format';
import { useSearchUsers } from '../api/search-users';
import { FactorsText, phoneText, StatusTag } from './user-bits';

const pageSize = 20;

function UserLink({ user }: { user: TOpsUserRow }) {
  return (
    <Link to={`/users/${user.id}`} className="cz-ops-id" data-testid="support-user-link">
      {user.username}
    </Link>
  );
}

function AccountText({ user }: { user: TOpsUserRow }) {
  return (
    <span className="cz-ops-id">
      {user.account.displayName}
      <Typography.Text type="secondary"> #{user.account.id}</Typography.Text>
    </span>
  );
}

function ContactText({ user }: { user: TOpsUserRow }) {
  const { t } = useTranslation('opsSupport');
  const parts = [user.email, phoneText(user.phone, user.phoneCode)].filter((v): v is string => Boolean(v));
  if (parts.length === 0) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <span className="cz-support-contact">
      {parts.map((part) => (
        <span key={part} className="cz-ops-id">
          {part}
        </span>
      ))}
    </span>
  );
}

function ResultsTable({ list }: { list: TOpsUserRow[] }) {
  const { t } = useTranslation('opsSupport');
  const columns: TableColumnsType<TOpsUserRow> = [
    {
      key: 'user',
      title: t('columns.user'),
      render: (_, user) => (
        <span className="cz-support-user-cell">
          <UserLink user={user} />
          {user.displayName ? <Typography.Text type="secondary">{user.displayName}</Typography.Text> : null}
        </span>
      ),
    },
    { key: 'account', title: t('columns.account'), render: (_, user) => <AccountText user={user} /> },
    { key: 'status', title: t('columns.status'), render: (_, user) => <StatusTag status={user.status} /> },
    { key: 'contact', title: t('columns.contact'), render: (_, user) => <ContactText user={user} /> },
    {
      key: 'factors',
      title: t('columns.factors'),
      render: (_, user) => <FactorsText hasAuthenticator={user.hasAuthenticator} passkeys={user.passkeys} />,
    },
    {
      key: 'lastSignIn',
      title: t('columns.lastSignIn'),
      className: 'cz-ops-id',
      render: (_, user) => (user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('never')),
    },
  ];
  return (
    <Table
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="support-results"
      onRow={(user) => ({ 'data-testid': 'support-result', 'data-user-id': user.id }) as object}
    />
  );
}

function ResultsList({ list }: { list: TOpsUserRow[] }) {
  return (
    <List
      dataSource={list}
      data-testid="support-results"
      renderItem={(user) => (
        <List.Item data-testid="support-result" data-user-id={user.id}>
          <div className="cz-support-list-item">
            <div className="cz-support-list-item__top">
              <UserLink user={user} />
              <StatusTag status={user.status} />
            </div>
            <AccountText user={user} />
            <ContactText user={user} />
            <FactorsText hasAuthenticator={user.hasAuthenticator} passkeys={user.passkeys} />
          </div>
        </List.Item>
      )}
    />
  );
}

export function UsersSearch() {
  const { t } = useTranslation('opsSupport');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNo = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [text, setText] = useState(q);
  const screens = Grid.useBreakpoint();
  const isWide = screens.md ?? true;
  const results = useSearchUsers(q, pageNo, pageSize);
  const search = (value: string) => {
    const next = value.trim();
    setText(next);
    setParams(next ? { q: next } : {});
  };
  const data = results.data;
  return (
    <div className="cz-ops-page" data-testid="support-users">
      <Typography.Title level={1} className="cz-ops-page__title">
        {t('search.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('search.intro')}</Typography.Paragraph>
      <Card>
        <Input.Search
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          enterButton={t('search.submit')}
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={search}
          loading={results.isFetching}
          maxLength={100}
          data-testid="support-search"
          className="cz-support-search"
        />
        {!q ? (
          <Typography.Paragraph type="secondary" className="cz-support-hint">
            {t('search.start')}
          </Typography.Paragraph>
        ) : data ? (
          <>
            <Typography.Paragraph className="cz-support-hint" data-testid="support-total">
              {data.total === 0 ? t('search.empty', { q }) : t('search.total', { count: data.total })}
            </Typography.Paragraph>
            {data.list.length > 0 ? (
              isWide ? (
                <ResultsTable list={data.list} />
              ) : (
                <ResultsList list={data.list} />
              )
            ) : null}
            {data.total > pageSize ? (
              <Pagination
                className="cz-support-pagination"
                current={pageNo}
                pageSize={pageSize}
                total={data.total}
                showSizeChanger={false}
                simple={!isWide}
                onChange={(page) => setParams({ q, page: String(page) })}
              />
            ) : null}
          </>
        ) : null}
      </Card>
    </div>
  );
}

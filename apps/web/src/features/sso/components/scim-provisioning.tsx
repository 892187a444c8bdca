/**
 * SCIM provisioning on the SSO page (decision 0031): the account's SCIM base URL, its tokens
 * (name, first characters, creation, last use, revocation), creating one (shown once, with a copy
 * button) and revoking one after a confirmation. On a phone's width the tokens are one block each,
 * nothing to scroll sideways.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Limits } from '@console/contract/limits';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { BreakableUrl } from '@/components/ui/breakable-url';
import { nowrapColumn, phoneQuery, TableEmpty, tableScroll } from '@/components/ui/table-cells';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCreateScimToken } from '../api/create-scim-token';
import { type TScimToken, useScimTokens } from '../api/list-scim-tokens';
import { useRevokeScimToken } from '../api/revoke-scim-token';

export function ScimProvisioning() {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const tokens = useScimTokens();
  const revoke = useRevokeScimToken();
  const isPhone = useMediaQuery(phoneQuery);
  const [isCreating, setIsCreating] = useState(false);
  const copyTexts = { copy: t('copy', { ns: 'common' }), copied: t('copied', { ns: 'common' }) };
  const list = tokens.data?.list ?? [];

  async function revokeOne(token: TScimToken) {
    try {
      await revoke.mutateAsync(token.id);
      toast({ level: 'success', title: t('scim.revokedToast') });
    } catch {
      // the API client shows the failure
    }
  }

  const status = (token: TScimToken) =>
    token.revokedAt ? (
      <Tag data-testid="scim-token-status">{t('scim.revoked')}</Tag>
    ) : (
      <Tag color="green" data-testid="scim-token-status">
        {t('scim.active')}
      </Tag>
    );
  const lastUsed = (token: TScimToken) =>
    token.lastUsedAt
      ? `${formatDateTime(token.lastUsedAt)}${token.lastUsedIp ? ` · ${token.lastUsedIp}` : ''}`
      : t('scim.neverUsed');
  const revokeButton = (token: TScimToken) =>
    token.revokedAt ? null : (
      <Popconfirm
        title={t('scim.revokeConfirm')}
        okText={t('scim.revokeOk')}
        cancelText={t('scim.cancel')}
        okButtonProps={{ danger: true, ...testId('scim-token-revoke-ok') }}
        onConfirm={() => revokeOne(token)}
      >
        <Button type="link" size="small" danger {...testId('scim-token-revoke')}>
          {t('scim.revoke')}
        </Button>
      </Popconfirm>
    );

  const columns: TableProps<TScimToken>['columns'] = [
    {
      key: 'name',
      title: t('scim.name'),
      render: (_, s) => <span data-testid="scim-token-name">{s.name}</span>,
    },
    {
      key: 'prefix',
      title: t('scim.prefix'),
      ...nowrapColumn,
      render: (_, s) => <code data-testid="scim-token-prefix">{s.prefix}…</code>,
    },
    { key: 'status', title: t('scim.status'), ...nowrapColumn, render: (_, s) => status(s) },
    {
      key: 'createdAt',
      title: t('scim.createdAt'),
      ...nowrapColumn,
      render: (_, s) => formatDateTime(s.createdAt),
    },
    { key: 'createdBy', title: t('scim.createdBy'), ...nowrapColumn, render: (_, s) => s.createdBy ?? '-' },
    { key: 'lastUsed', title: t('scim.lastUsed'), ...nowrapColumn, render: (_, s) => lastUsed(s) },
    { key: 'actions', title: '', ...nowrapColumn, render: (_, s) => revokeButton(s) },
  ];

  return (
    <Card
      className="cz-sso__card cz-scim"
      title={t('scim.title')}
      data-testid="scim-card"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setIsCreating(true)} {...testId('scim-token-create')}>
          {t('scim.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('scim.intro')}</Typography.Paragraph>
      {tokens.data ? (
        <dl className="cz-sso__sp">
          <div className="cz-sso__sp-row">
            <dt className="cz-sso__sp-label">{t('scim.baseUrl')}</dt>
            <dd className="cz-sso__sp-value">
              <code className="cz-sso__sp-text" data-testid="scim-base-url">
                <BreakableUrl value={tokens.data.baseUrl} />
              </code>
              <CopyButton text={tokens.data.baseUrl} texts={copyTexts} testId="scim-base-url-copy" />
            </dd>
          </div>
        </dl>
      ) : null}
      {tokens.data ? (
        <Typography.Paragraph type="secondary" className="cz-scim__hint">
          {t('scim.baseUrlHint')}
        </Typography.Paragraph>
      ) : null}
      <Typography.Title level={5} className="cz-scim__tokens-title">
        {t('scim.tokens')}
      </Typography.Title>
      {tokens.isError ? (
        <Alert type="error" showIcon title={t('scim.loadFailed')} data-testid="scim-load-failed" />
      ) : isPhone && list.length === 0 && !tokens.isPending ? (
        <TableEmpty text={t('scim.empty')} testId="scim-empty" />
      ) : isPhone ? (
        <ul className="cz-scim-list" aria-busy={tokens.isPending || revoke.isPending}>
          {list.map((s) => (
            <li key={s.id} className="cz-scim-list__item" data-testid="scim-token-row">
              <div className="cz-scim-list__head">
                <span className="cz-scim-list__name" data-testid="scim-token-name">
                  {s.name}
                </span>
                {status(s)}
                {revokeButton(s)}
              </div>
              <dl className="cz-scim-list__facts">
                <dt>{t('scim.prefix')}</dt>
                <dd>
                  <code data-testid="scim-token-prefix">{s.prefix}…</code>
                </dd>
                <dt>{t('scim.createdAt')}</dt>
                <dd>{formatDateTime(s.createdAt)}</dd>
                <dt>{t('scim.createdBy')}</dt>
                <dd>{s.createdBy ?? '-'}</dd>
                <dt>{t('scim.lastUsed')}</dt>
                <dd>{lastUsed(s)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <Table<TScimToken>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list}
          loading={tokens.isPending || revoke.isPending}
          pagination={false}
          scroll={tableScroll}
          locale={{ emptyText: <TableEmpty text={t('scim.empty')} testId="scim-empty" /> }}
          onRow={() => ({ 'data-testid': 'scim-token-row' }) as object}
        />
      )}
      {isCreating ? <CreateTokenDialog onClose={() => setIsCreating(false)} /> : null}
    </Card>
  );
}

/** Names a new token, then shows it once, with a copy button and the warning that it will not be shown again. */
function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateScimToken();
  const [created, setCreated] = useState<string | null>(null);
  const copyTexts = { copy: t('copy', { ns: 'common' }), copied: t('copied', { ns: 'common' }) };

  async function submit(values: { name: string }) {
    try {
      const answer = await create.mutateAsync({ name: values.name.trim() });
      setCreated(answer.token);
    } catch {
      // the API client shows the failure
    }
  }

  if (created) {
    return (
      <Modal
        open
        title={t('scim.createdTitle')}
        onCancel={onClose}
        maskClosable={false}
        footer={[
          <Button key="done" type="primary" onClick={onClose} {...testId('scim-token-done')}>
            {t('scim.done')}
          </Button>,
        ]}
      >
        <div data-testid="scim-token-created">
          <Alert type="warning" showIcon title={t('scim.createdWarning')} className="cz-sso__alert" />
          <div className="cz-sso__sp-label">{t('scim.tokenLabel')}</div>
          <div className="cz-sso__sp-value">
            <code className="cz-sso__sp-text" data-testid="scim-token-value">
              {created}
            </code>
            <CopyButton text={created} texts={copyTexts} testId="scim-token-copy" />
          </div>
        </div>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('scim.createTitle')}
      onCancel={onClose}
      okText={t('scim.createOk')}
      cancelText={t('scim.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      okButtonProps={testId('scim-token-create-ok')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="scim-token-form">
        <Form.Item
          name="name"
          label={t('scim.name')}
          rules={[{ required: true, whitespace: true, message: t('scim.nameRequired') }]}
        >
          <Input
            maxLength={Limits.scimTokenNameMax}
            placeholder={t('scim.namePlaceholder')}
            autoFocus
            data-testid="scim-token-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

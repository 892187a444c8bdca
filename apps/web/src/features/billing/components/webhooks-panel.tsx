import { PlusOutlined } from '@ant-design/icons';
import { ErrorCode } from '@console/contract/codes';
import { Alert, Button, Card, Empty, Modal, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asApiError } from '@/lib/code-errors';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { testId } from '@/lib/test-id';
import { useDeleteWebhook } from '../api/delete-webhook';
import { type TWebhookItem, useWebhooks } from '../api/list-webhooks';
import { useTestWebhook } from '../api/test-webhook';
import { DeliveriesDrawer } from './deliveries-drawer';
import { SigningSecretModal } from './signing-secret-modal';
import { WebhookDialog } from './webhook-dialog';
import { WebhookVerifyHelp } from './webhook-verify-help';

type TTestOutcome = { webhookId: number; isSuccess: boolean; message: string };

const statusColors = { pending: 'processing', success: 'success', failed: 'error' } as const;

/**
 * The account's webhooks: add, edit, delete (after confirming), send a test (success, or the
 * spec's "webhook send failed" message, 4072) and the delivery log; how each one signs, a secret
 * the server generated shown once, and how a receiver verifies deliveries.
 */
export function WebhooksPanel() {
  const { t } = useTranslation(['billing', 'errors', 'common']);
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<TWebhookItem | 'new' | null>(null);
  const [logOf, setLogOf] = useState<TWebhookItem | null>(null);
  const [deleting, setDeleting] = useState<TWebhookItem | null>(null);
  const [outcome, setOutcome] = useState<TTestOutcome | null>(null);
  const [newSecret, setNewSecret] = useState<{ name: string; secret: string } | null>(null);
  const test = useTestWebhook();
  const remove = useDeleteWebhook({
    onDone: () => {
      setDeleting(null);
      toast({ level: 'success', title: t('webhooks.deleted') });
    },
  });
  const list = webhooks.data ?? [];

  const failedText = () => t(String(ErrorCode.webhookSendFailed) as '4072', { ns: 'errors' });

  // One message per test (spec section 8: one toast at a time): the result above the table, named
  // after the webhook, and no toast besides it.
  const sendTest = (webhook: TWebhookItem) => {
    setOutcome(null);
    test.mutate(webhook.id, {
      onSuccess: (result) =>
        setOutcome(
          result.isSuccess
            ? { webhookId: webhook.id, isSuccess: true, message: t('webhooks.testSent') }
            : { webhookId: webhook.id, isSuccess: false, message: failedText() },
        ),
      onError: (error) => {
        const api = asApiError(error);
        // The server's message when it answered; the spec's "webhook send failed" otherwise.
        const isAnswered = api?.kind === 'business' || api?.kind === 'http';
        const message = (isAnswered && api.message) || failedText();
        setOutcome({ webhookId: webhook.id, isSuccess: false, message });
      },
    });
  };

  const columns: TableProps<TWebhookItem>['columns'] = [
    {
      key: 'name',
      title: t('webhooks.columns.name'),
      dataIndex: 'name',
      render: (value: string) => <span data-testid="webhook-row-name">{value}</span>,
    },
    {
      key: 'url',
      title: t('webhooks.columns.url'),
      dataIndex: 'url',
      ellipsis: true,
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    {
      key: 'description',
      title: t('webhooks.columns.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (value: string) => value || '-',
    },
    {
      key: 'status',
      title: t('webhooks.columns.status'),
      dataIndex: 'isEnabled',
      width: 100,
      render: (value: boolean) =>
        value ? <Tag color="success">{t('webhooks.enabled')}</Tag> : <Tag>{t('webhooks.disabled')}</Tag>,
    },
    {
      key: 'signing',
      title: t('webhooks.columns.signing'),
      dataIndex: 'signingMode',
      width: 160,
      render: (value: TWebhookItem['signingMode']) => (
        <span data-testid="webhook-row-signing" data-mode={value}>
          {t(`webhooks.signing.modes.${value}`)}
        </span>
      ),
    },
    {
      key: 'lastDelivery',
      title: t('webhooks.columns.lastDelivery'),
      dataIndex: 'lastDelivery',
      render: (value: TWebhookItem['lastDelivery']) =>
        value ? (
          <Space size={4} wrap>
            <Tag
              color={statusColors[value.status]}
              data-testid="webhook-last-status"
              data-status={value.status}
            >
              {t(`webhooks.deliveryStatus.${value.status}`)}
            </Tag>
            <Typography.Text type="secondary">{formatDateTime(value.time)}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('webhooks.neverDelivered')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('webhooks.columns.actions'),
      width: 300,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            loading={test.isPending && test.variables === row.id}
            onClick={() => sendTest(row)}
            data-testid="webhook-test"
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button type="link" size="small" onClick={() => setLogOf(row)} data-testid="webhook-log">
            {t('webhooks.log')}
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="webhook-edit">
            {t('webhooks.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => setDeleting(row)}
            data-testid="webhook-delete"
          >
            {t('webhooks.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('webhooks.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          data-testid="webhook-add"
        >
          {t('webhooks.add')}
        </Button>
      }
      data-testid="webhooks-panel"
    >
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      <WebhookVerifyHelp />
      {webhooks.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      {outcome ? (
        <Alert
          className="cz-billing__gap"
          type={outcome.isSuccess ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => setOutcome(null)}
          title={`${list.find((w) => w.id === outcome.webhookId)?.name ?? ''}: ${outcome.message}`}
          data-testid="webhook-test-result"
          data-status={outcome.isSuccess ? 'success' : 'failed'}
        />
      ) : null}
      <Table<TWebhookItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list}
        loading={webhooks.isPending}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: <Empty description={t('webhooks.empty')} /> }}
        onRow={(row) => ({ 'data-testid': 'webhook-row', 'data-name': row.name }) as object}
      />
      {editing ? (
        <WebhookDialog
          webhook={editing === 'new' ? null : editing}
          otherNames={list.filter((w) => editing === 'new' || w.id !== editing.id).map((w) => w.name)}
          onClose={() => setEditing(null)}
          onSecret={(name, secret) => {
            setEditing(null);
            setNewSecret({ name, secret });
          }}
        />
      ) : null}
      {newSecret ? (
        <SigningSecretModal
          name={newSecret.name}
          secret={newSecret.secret}
          onClose={() => setNewSecret(null)}
        />
      ) : null}
      {logOf ? <DeliveriesDrawer webhook={logOf} onClose={() => setLogOf(null)} /> : null}
      <Modal
        open={deleting !== null}
        title={t('webhooks.deleteConfirm.title', { name: deleting?.name ?? '' })}
        okText={t('webhooks.deleteConfirm.ok')}
        okButtonProps={{ danger: true, loading: remove.isPending, ...testId('webhook-delete-ok') }}
        cancelText={t('cancel', { ns: 'common' })}
        onOk={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
        data-testid="webhook-delete-confirm"
      >
        {t('webhooks.deleteConfirm.text')}
      </Modal>
    </Card>
  );
}

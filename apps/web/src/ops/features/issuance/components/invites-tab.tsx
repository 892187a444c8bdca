/**
 * Registration invite codes (owner and support create; every role reads): created as
 * `invite-create` creates them (a random code when left empty), shown once in full; listed masked
 * with their uses, end and state.
 */
import { inviteCodePattern, type TOpsRouteData } from '@console/contract/ops';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/ops/components/scroll-table';
import { formatDateTime } from '@/ops/lib/format';
import { callOps } from '@/ops/lib/ops-api';
import { useOpsCan } from '@/ops/lib/ops-session';
import { ShownOnce } from './shown-once';

const invitesKey = ['ops', 'invite-codes'] as const;
const stateColor = { usable: 'success', usedUp: 'default', expired: 'warning' } as const;
type TForm = { code?: string; maxUses: number; validDays?: number | null; reason: string };

export function InvitesTab() {
  const { t } = useTranslation('opsCatalogue');
  const client = useQueryClient();
  const canCreate = useOpsCan('opsCreateInviteCode');
  const [form] = Form.useForm<TForm>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [created, setCreated] = useState<TOpsRouteData<'opsCreateInviteCode'> | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const query = useQuery({
    queryKey: [...invitesKey, page],
    queryFn: ({ signal }) => callOps('opsListInviteCodes', { query: page, signal }),
    placeholderData: keepPreviousData,
  });
  const create = async (values: TForm) => {
    setIsBusy(true);
    try {
      const code = values.code?.trim();
      setCreated(
        await callOps('opsCreateInviteCode', {
          body: {
            ...(code ? { code } : {}),
            maxUses: values.maxUses,
            validDays: values.validDays ?? null,
            reason: values.reason,
          },
        }),
      );
      form.resetFields();
      await client.invalidateQueries({ queryKey: invitesKey });
    } catch {
      // The client shows the refusal.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="cz-ops-issue__tab">
      {canCreate ? (
        <Card size="small" title={t('issuance.invites.create')}>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ maxUses: 1 }}
            onFinish={(v) => void create(v)}
            data-testid="ops-invite-form"
          >
            <Form.Item
              name="code"
              label={t('issuance.invites.code')}
              extra={t('issuance.invites.codeHint')}
              rules={[{ pattern: inviteCodePattern }]}
            >
              <Input maxLength={16} autoComplete="off" data-testid="ops-invite-code" />
            </Form.Item>
            <Form.Item name="maxUses" label={t('issuance.invites.maxUses')} rules={[{ required: true }]}>
              <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="validDays"
              label={t('issuance.invites.validDays')}
              extra={t('issuance.invites.validDaysHint')}
            >
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('issuance.reason')}
              rules={[{ required: true, whitespace: true, message: t('issuance.reasonPlaceholder') }]}
            >
              <Input.TextArea
                rows={2}
                maxLength={500}
                placeholder={t('issuance.reasonPlaceholder')}
                data-testid="ops-invite-reason"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isBusy} data-testid="ops-invite-submit">
              {t('issuance.invites.create')}
            </Button>
          </Form>
        </Card>
      ) : null}
      <Card size="small" title={t('issuance.invites.listTitle')} className="cz-ops-issue__list">
        <ScrollTable
          label={t('issuance.invites.listTitle')}
          size="small"
          rowKey={(r) => `${r.codeMasked}-${r.createdAt}`}
          loading={query.isPending}
          scroll={{ x: 680 }}
          dataSource={query.data?.list ?? []}
          empty={t('issuance.invites.empty')}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: query.data?.total ?? 0,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            size: 'small',
          }}
          columns={[
            {
              title: t('issuance.invites.code'),
              dataIndex: 'codeMasked',
              render: (v: string) => <span className="cz-ops-id">{v}</span>,
            },
            {
              title: t('issuance.invites.used'),
              key: 'used',
              render: (_, i) => `${i.usedCount} / ${i.maxUses}`,
            },
            {
              title: t('issuance.invites.state'),
              dataIndex: 'state',
              render: (v: keyof typeof stateColor) => (
                <Tag color={stateColor[v]}>{t(`issuance.invites.states.${v}`)}</Tag>
              ),
            },
            {
              title: t('issuance.invites.expiresAt'),
              dataIndex: 'expiresAt',
              render: (v: string | null) => (v ? formatDateTime(v) : t('issuance.invites.never')),
            },
            {
              title: t('issuance.invites.createdAt'),
              dataIndex: 'createdAt',
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>
      {created ? (
        <ShownOnce
          title={t('issuance.invites.created')}
          label={t('issuance.invites.code')}
          value={created.code}
          testId="ops-invite-created"
          onClose={() => setCreated(null)}
        />
      ) : null}
    </div>
  );
}

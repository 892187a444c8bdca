/**
 * Licences (owner and finance issue and release; every role reads): a licence signed for a
 * customer as `license-issue` signs it, shown once; the activated licences with their state.
 */
import type { TOpsRouteData } from '@console/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { ScrollTable } from '@/ops/components/scroll-table';
import { formatDateTime } from '@/ops/lib/format';
import { callOps } from '@/ops/lib/ops-api';
import { useOpsCan } from '@/ops/lib/ops-session';
import { ShownOnce } from './shown-once';

const licensesKey = ['ops', 'licenses'] as const;
type TLicense = TOpsRouteData<'opsListLicenses'>['list'][number];
const statusColor = { ALIVE: 'success', EXPIRED: 'default', RELEASED: 'warning' } as const;

function ReleaseModal({ license, onClose }: { license: TLicense; onClose: () => void }) {
  const { t } = useTranslation('opsCatalogue');
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setIsBusy(true);
    try {
      await callOps('opsReleaseLicense', { body: { licenseId: license.licenseId, reason } });
      toast({ level: 'success', title: t('issuance.licenses.released') });
      await client.invalidateQueries({ queryKey: licensesKey });
      onClose();
    } catch {
      // The client shows the refusal.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('issuance.licenses.releaseTitle', { id: license.licenseId })}
      okText={t('issuance.licenses.release')}
      okButtonProps={{ danger: true }}
      confirmLoading={isBusy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('issuance.reason')}
          rules={[{ required: true, whitespace: true, message: t('issuance.reasonPlaceholder') }]}
        >
          <Input.TextArea rows={2} maxLength={500} placeholder={t('issuance.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function LicensesTab() {
  const { t } = useTranslation('opsCatalogue');
  const canIssue = useOpsCan('opsIssueLicense');
  const [form] = Form.useForm<{ customer: string; days: number; reason: string }>();
  const [issued, setIssued] = useState<TOpsRouteData<'opsIssueLicense'> | null>(null);
  const [releasing, setReleasing] = useState<TLicense | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const query = useQuery({
    queryKey: licensesKey,
    queryFn: ({ signal }) => callOps('opsListLicenses', { signal }),
  });
  const canSign = query.data?.canIssue !== false;
  const issue = async (values: { customer: string; days: number; reason: string }) => {
    setIsBusy(true);
    try {
      setIssued(await callOps('opsIssueLicense', { body: values }));
      form.resetFields();
    } catch {
      // The client shows the refusal.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="cz-ops-issue__tab">
      {canIssue ? (
        <Card size="small" title={t('issuance.licenses.issue')} className="cz-ops-issue__form">
          {canSign ? null : (
            <Alert
              type="info"
              showIcon
              title={t('issuance.licenses.cannotIssue')}
              style={{ marginBottom: 12 }}
            />
          )}
          <Form
            form={form}
            layout="vertical"
            initialValues={{ days: 365 }}
            onFinish={(v) => void issue(v)}
            disabled={!canSign}
            data-testid="ops-license-form"
          >
            <Form.Item
              name="customer"
              label={t('issuance.licenses.customer')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="days" label={t('issuance.licenses.days')} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('issuance.reason')}
              rules={[{ required: true, whitespace: true, message: t('issuance.reasonPlaceholder') }]}
            >
              <Input.TextArea rows={2} maxLength={500} placeholder={t('issuance.reasonPlaceholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isBusy}>
              {t('issuance.licenses.issue')}
            </Button>
          </Form>
        </Card>
      ) : null}
      <Card size="small" title={t('issuance.licenses.listTitle')} className="cz-ops-issue__list">
        <ScrollTable
          label={t('issuance.licenses.listTitle')}
          size="small"
          rowKey="licenseId"
          loading={query.isPending}
          pagination={false}
          scroll={{ x: 760 }}
          dataSource={query.data?.list ?? []}
          empty={t('issuance.licenses.empty')}
          columns={[
            {
              title: t('issuance.licenses.licenseId'),
              dataIndex: 'licenseId',
              render: (v: string) => <span className="cz-ops-id">{v}</span>,
            },
            { title: t('issuance.licenses.customer'), dataIndex: 'customer' },
            {
              title: t('issuance.licenses.status'),
              dataIndex: 'status',
              render: (v: keyof typeof statusColor) => (
                <Tag color={statusColor[v]}>{t(`issuance.licenses.statuses.${v}`)}</Tag>
              ),
            },
            {
              title: t('issuance.licenses.activatedAt'),
              dataIndex: 'activatedAt',
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t('issuance.licenses.expireTime'),
              dataIndex: 'expireTime',
              render: (v: string) => formatDateTime(v),
            },
            ...(canIssue
              ? [
                  {
                    title: '',
                    key: 'acts',
                    render: (_: unknown, l: TLicense) =>
                      l.status === 'RELEASED' ? null : (
                        <Button type="link" danger onClick={() => setReleasing(l)}>
                          {t('issuance.licenses.release')}
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {issued ? (
        <ShownOnce
          title={t('issuance.licenses.issued')}
          label={`${t('issuance.licenses.licenseText')} · ${issued.customer}`}
          value={issued.license}
          testId="ops-license-issued"
          onClose={() => setIssued(null)}
        />
      ) : null}
      {releasing ? <ReleaseModal license={releasing} onClose={() => setReleasing(null)} /> : null}
    </div>
  );
}

/**
 * Vouchers of every account or one: filters by account and state, the issue form (what the CLI's
 * `voucher issue` takes) and voiding with a reason.
 */
import { type TVoucherState, VoucherStates } from '@console/contract/billing-enums';
import { opsVoucherDaysMax, type TOpsVoucher } from '@console/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';
import { useOpsCan } from '@/ops/lib/ops-session';
import {
  FinanceTable,
  fenOfInput,
  financeKey,
  formatFen,
  Ident,
  ReasonField,
  type TCurrency,
} from './finance-shared';

const vouchersKey = [...financeKey, 'vouchers'] as const;

const stateColors: Record<TVoucherState, string> = {
  pending: 'blue',
  inEffect: 'success',
  usedUp: 'default',
  expired: 'default',
  voided: 'red',
};

const listOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,，]+/)
    .map((s) => s.trim())
    .filter(Boolean);

type TIssueValues = {
  account: string;
  face: string;
  nameZh?: string;
  nameEn?: string;
  startsOn?: string;
  days: number;
  services?: string;
  regions?: string;
  reason: string;
};

function IssueDialog({
  isOpen,
  currency,
  onClose,
}: {
  isOpen: boolean;
  currency: TCurrency;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsFinance');
  const client = useQueryClient();
  const [form] = Form.useForm<TIssueValues>();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const issue = async (values: TIssueValues) => {
    const faceFen = fenOfInput(values.face);
    if (faceFen === null) return;
    setIsBusy(true);
    setError(null);
    try {
      const issued = await callOps('opsFinanceIssueVoucher', {
        body: {
          account: values.account,
          faceFen,
          nameZh: values.nameZh || undefined,
          nameEn: values.nameEn || undefined,
          startsOn: values.startsOn?.trim() || undefined,
          days: values.days,
          services: listOf(values.services),
          regions: listOf(values.regions),
          reason: values.reason,
        },
        hints: false,
      });
      toast({
        level: 'success',
        title: t('vouchers.issued', { code: issued.code, account: issued.accountName }),
      });
      form.resetFields();
      void client.invalidateQueries({ queryKey: vouchersKey });
      onClose();
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open={isOpen}
      title={t('vouchers.issueTitle')}
      okText={t('vouchers.issue')}
      okButtonProps={{ 'data-testid': 'ops-voucher-issue-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={isBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} className="cz-ops-form-alert" /> : null}
      <Form<TIssueValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ days: 365 }}
        onFinish={(values) => void issue(values)}
      >
        <Form.Item
          name="account"
          label={t('common.account')}
          rules={[{ required: true, whitespace: true, message: t('common.accountRequired') }]}
        >
          <Input placeholder={t('common.accountPlaceholder')} data-testid="ops-voucher-account" />
        </Form.Item>
        <Form.Item
          name="face"
          label={`${t('vouchers.faceValue')} (${currency})`}
          rules={[
            {
              validator: (_r, value: string | undefined) =>
                fenOfInput(value) === null
                  ? Promise.reject(new Error(t('common.amountRequired')))
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber<string>
            stringMode
            min="0.01"
            step="1"
            precision={2}
            className="cz-ops-finance-amount"
            data-testid="ops-voucher-face"
          />
        </Form.Item>
        <Form.Item name="nameZh" label={t('vouchers.nameZh')} extra={t('vouchers.nameHint')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('vouchers.nameEn')}>
          <Input maxLength={64} />
        </Form.Item>
        <Space size={12} wrap>
          <Form.Item
            name="startsOn"
            label={t('vouchers.startsOn')}
            extra={t('vouchers.startsOnHint')}
            rules={[{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('vouchers.startsOnFormat') }]}
          >
            <Input placeholder="YYYY-MM-DD" maxLength={10} />
          </Form.Item>
          <Form.Item name="days" label={t('vouchers.days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={opsVoucherDaysMax} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="services" label={t('vouchers.services')} extra={t('vouchers.servicesHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="regions" label={t('vouchers.regions')} extra={t('vouchers.regionsHint')}>
          <Input />
        </Form.Item>
        <ReasonField testId="ops-voucher-reason" />
      </Form>
    </Modal>
  );
}

function VoidDialog({
  voucher,
  currency,
  onClose,
}: {
  voucher: TOpsVoucher | null;
  currency: TCurrency;
  onClose: () => void;
}) {
  const { t } = useTranslation('opsFinance');
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    if (!voucher) return;
    setIsBusy(true);
    setError(null);
    try {
      await callOps('opsFinanceVoidVoucher', { body: { code: voucher.code, reason }, hints: false });
      toast({ level: 'success', title: t('vouchers.voided', { code: voucher.code }) });
      void client.invalidateQueries({ queryKey: vouchersKey });
      onClose();
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open={voucher !== null}
      title={voucher ? t('vouchers.voidTitle', { code: voucher.code }) : ''}
      okText={t('vouchers.void')}
      okButtonProps={{ danger: true, 'data-testid': 'ops-voucher-void-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={isBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {voucher ? (
        <p>{t('vouchers.voidBody', { amount: formatFen(voucher.availableFen, currency) })}</p>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} className="cz-ops-form-alert" /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <ReasonField label={t('vouchers.voidReason')} testId="ops-voucher-void-reason" />
      </Form>
    </Modal>
  );
}

export function VouchersTab() {
  const { t, i18n } = useTranslation('opsFinance');
  const canIssue = useOpsCan('opsFinanceIssueVoucher');
  const canVoid = useOpsCan('opsFinanceVoidVoucher');
  const [accountText, setAccountText] = useState('');
  const [filter, setFilter] = useState<{ account?: string; state?: TVoucherState }>({});
  const [pageNo, setPageNo] = useState(1);
  const [isIssuing, setIsIssuing] = useState(false);
  const [voiding, setVoiding] = useState<TOpsVoucher | null>(null);
  const list = useQuery({
    queryKey: [...vouchersKey, { ...filter, pageNo }],
    queryFn: () => callOps('opsFinanceVouchers', { query: { ...filter, pageNo, pageSize: 20 } }),
  });
  const currency = list.data?.currency ?? 'CNY';
  const isZh = i18n.language === 'zh-CN';
  return (
    <Card
      title={t('tabs.vouchers')}
      extra={
        <Button
          type="primary"
          disabled={!canIssue}
          onClick={() => setIsIssuing(true)}
          data-testid="ops-voucher-issue"
        >
          {t('vouchers.issue')}
        </Button>
      }
      data-testid="ops-vouchers"
    >
      <Space wrap size={8} className="cz-ops-finance-filters">
        <Input.Search
          allowClear
          placeholder={t('common.accountPlaceholder')}
          aria-label={t('common.account')}
          value={accountText}
          onChange={(e) => setAccountText(e.target.value)}
          onSearch={(value) => {
            setFilter((f) => ({ ...f, account: value.trim() || undefined }));
            setPageNo(1);
          }}
          enterButton={t('common.search')}
          data-testid="ops-voucher-filter-account"
        />
        <Select<TVoucherState | ''>
          value={filter.state ?? ''}
          aria-label={t('vouchers.state')}
          className="cz-ops-finance-filter"
          onChange={(next) => {
            setFilter((f) => ({ ...f, state: next || undefined }));
            setPageNo(1);
          }}
          options={[
            { value: '', label: t('vouchers.allStates') },
            ...VoucherStates.map((s) => ({ value: s, label: t(`vouchers.states.${s}`) })),
          ]}
        />
      </Space>
      <FinanceTable<TOpsVoucher>
        label={t('tabs.vouchers')}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: pageNo,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPageNo,
          showSizeChanger: false,
          showTotal: (count) => t('common.total', { count }),
        }}
        onRow={(row) => ({ 'data-testid': 'ops-voucher-row', 'data-code': row.code }) as object}
        columns={[
          { key: 'code', title: t('vouchers.code'), render: (_v, row) => <Ident>{row.code}</Ident> },
          {
            key: 'account',
            title: t('common.account'),
            render: (_v, row) => <Ident>{row.accountName}</Ident>,
          },
          { key: 'name', title: t('vouchers.name'), render: (_v, row) => (isZh ? row.nameZh : row.nameEn) },
          {
            key: 'face',
            title: t('vouchers.faceValue'),
            align: 'right',
            render: (_v, row) => (
              <span className="cz-ops-finance-money">{formatFen(row.faceFen, currency)}</span>
            ),
          },
          {
            key: 'available',
            title: t('vouchers.available'),
            align: 'right',
            render: (_v, row) => (
              <span className="cz-ops-finance-money">{formatFen(row.availableFen, currency)}</span>
            ),
          },
          {
            key: 'state',
            title: t('vouchers.state'),
            render: (_v, row) => (
              <Tag color={stateColors[row.state]} data-testid="ops-voucher-state" data-state={row.state}>
                {t(`vouchers.states.${row.state}`)}
              </Tag>
            ),
          },
          {
            key: 'effective',
            title: t('vouchers.effective'),
            render: (_v, row) => (
              <span className="cz-ops-finance-ident">{formatDateTime(row.effectiveAt)}</span>
            ),
          },
          {
            key: 'expires',
            title: t('vouchers.expires'),
            render: (_v, row) => (
              <span className="cz-ops-finance-ident">{formatDateTime(row.expiresAt)}</span>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_v, row) =>
              row.state === 'voided' ? (
                <span className="cz-ops-finance-reason">{row.voidReason}</span>
              ) : (
                <Button
                  danger
                  size="small"
                  disabled={!canVoid}
                  onClick={() => setVoiding(row)}
                  data-testid="ops-voucher-void"
                >
                  {t('vouchers.void')}
                </Button>
              ),
          },
        ]}
      />
      <IssueDialog isOpen={isIssuing} currency={currency} onClose={() => setIsIssuing(false)} />
      <VoidDialog voucher={voiding} currency={currency} onClose={() => setVoiding(null)} />
    </Card>
  );
}

/** Account discounts: every account's rates (or one's), set a rate for a category, remove one. */
import { OpsDiscountCategories, opsDiscountRatePattern, type TOpsDiscount } from '@console/contract/ops';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { formatDateTime } from '@/ops/lib/format';
import { callOps, opsErrorText } from '@/ops/lib/ops-api';
import { useOpsCan } from '@/ops/lib/ops-session';
import { FinanceTable, financeKey, Ident, ReasonField } from './finance-shared';

const discountsKey = [...financeKey, 'discounts'] as const;

type TCategory = TOpsDiscount['category'];
type TSetValues = { account: string; category: TCategory; rate: string; reason: string };

/** "0.8000" → "20% off"; 1 is the list price. */
function useRateText() {
  const { t } = useTranslation('opsFinance');
  return (rate: string) => {
    const percent = Math.round((1 - Number(rate)) * 10_000) / 100;
    return percent > 0 ? `${rate} · ${t('discounts.off', { percent })}` : `${rate} · ${t('discounts.none')}`;
  };
}

function SetDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('opsFinance');
  const client = useQueryClient();
  const [form] = Form.useForm<TSetValues>();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (values: TSetValues) => {
    setIsBusy(true);
    setError(null);
    try {
      const saved = await callOps('opsFinanceSetDiscount', { body: values, hints: false });
      toast({
        level: 'success',
        title: t('discounts.saved', {
          account: saved.accountName,
          category: t(`discounts.categories.${saved.category}`),
          rate: saved.rate ?? '',
        }),
      });
      form.resetFields();
      void client.invalidateQueries({ queryKey: discountsKey });
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
      title={t('discounts.setTitle')}
      okText={t('discounts.set')}
      okButtonProps={{ 'data-testid': 'ops-discount-set-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={isBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} className="cz-ops-form-alert" /> : null}
      <Form<TSetValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ category: '*' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="account"
          label={t('common.account')}
          rules={[{ required: true, whitespace: true, message: t('common.accountRequired') }]}
        >
          <Input placeholder={t('common.accountPlaceholder')} data-testid="ops-discount-account" />
        </Form.Item>
        <Form.Item name="category" label={t('discounts.category')}>
          <Select<TCategory>
            options={OpsDiscountCategories.map((c) => ({ value: c, label: t(`discounts.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="rate"
          label={t('discounts.rate')}
          extra={t('discounts.rateHint')}
          rules={[
            {
              validator: (_r, value: string | undefined) =>
                value && opsDiscountRatePattern.test(value.trim()) && Number(value) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('discounts.rateRequired'))),
            },
          ]}
        >
          <Input placeholder="0.8" inputMode="decimal" maxLength={6} data-testid="ops-discount-rate" />
        </Form.Item>
        <ReasonField testId="ops-discount-reason" />
      </Form>
    </Modal>
  );
}

function RemoveDialog({ discount, onClose }: { discount: TOpsDiscount | null; onClose: () => void }) {
  const { t } = useTranslation('opsFinance');
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const category = discount ? t(`discounts.categories.${discount.category}`) : '';
  const submit = async ({ reason }: { reason: string }) => {
    if (!discount) return;
    setIsBusy(true);
    setError(null);
    try {
      await callOps('opsFinanceRemoveDiscount', {
        body: { account: discount.accountName, category: discount.category, reason },
        hints: false,
      });
      toast({ level: 'success', title: t('discounts.removed', { account: discount.accountName, category }) });
      void client.invalidateQueries({ queryKey: discountsKey });
      onClose();
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Modal
      open={discount !== null}
      title={discount ? t('discounts.removeTitle', { account: discount.accountName, category }) : ''}
      okText={t('discounts.remove')}
      okButtonProps={{ danger: true, 'data-testid': 'ops-discount-remove-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={isBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} className="cz-ops-form-alert" /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <ReasonField testId="ops-discount-remove-reason" />
      </Form>
    </Modal>
  );
}

export function DiscountsTab() {
  const { t } = useTranslation('opsFinance');
  const canSet = useOpsCan('opsFinanceSetDiscount');
  const canRemove = useOpsCan('opsFinanceRemoveDiscount');
  const rateText = useRateText();
  const [account, setAccount] = useState<string | undefined>(undefined);
  const [isSetting, setIsSetting] = useState(false);
  const [removing, setRemoving] = useState<TOpsDiscount | null>(null);
  const list = useQuery({
    queryKey: [...discountsKey, { account }],
    queryFn: () => callOps('opsFinanceDiscounts', { query: { account } }),
  });
  return (
    <Card
      title={t('tabs.discounts')}
      extra={
        <Button
          type="primary"
          disabled={!canSet}
          onClick={() => setIsSetting(true)}
          data-testid="ops-discount-set"
        >
          {t('discounts.set')}
        </Button>
      }
      data-testid="ops-discounts"
    >
      <Space wrap size={8} className="cz-ops-finance-filters">
        <Input.Search
          allowClear
          placeholder={t('common.accountPlaceholder')}
          aria-label={t('common.account')}
          enterButton={t('common.search')}
          onSearch={(value) => setAccount(value.trim() || undefined)}
        />
      </Space>
      <FinanceTable<TOpsDiscount>
        label={t('tabs.discounts')}
        rowKey={(row) => `${row.accountId}:${row.category}`}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={false}
        empty={t('discounts.empty')}
        onRow={(row) => ({ 'data-testid': 'ops-discount-row', 'data-category': row.category }) as object}
        columns={[
          {
            key: 'account',
            title: t('common.account'),
            render: (_v, row) => <Ident>{row.accountName}</Ident>,
          },
          {
            key: 'category',
            title: t('discounts.category'),
            render: (_v, row) => t(`discounts.categories.${row.category}`),
          },
          {
            key: 'rate',
            title: t('discounts.rate'),
            render: (_v, row) => <span className="cz-ops-finance-ident">{rateText(row.rate)}</span>,
          },
          {
            key: 'updatedAt',
            title: t('discounts.updatedAt'),
            render: (_v, row) => (
              <span className="cz-ops-finance-ident">{formatDateTime(row.updatedAt)}</span>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_v, row) => (
              <Button
                danger
                size="small"
                disabled={!canRemove}
                onClick={() => setRemoving(row)}
                data-testid="ops-discount-remove"
              >
                {t('discounts.remove')}
              </Button>
            ),
          },
        ]}
      />
      <SetDialog isOpen={isSetting} onClose={() => setIsSetting(false)} />
      <RemoveDialog discount={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

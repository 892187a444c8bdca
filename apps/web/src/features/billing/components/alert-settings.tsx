import { AlertMethods, BillingLimits, type TAlertMethod } from '@console/contract/billing-enums';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/notifier';
import { type TAlertConfigData, useAlertConfig } from '../api/get-alert';
import { useAccountUsers } from '../api/list-account-users';
import { useWebhooks } from '../api/list-webhooks';
import { useUpdateAlert } from '../api/update-alert';
import {
  alertToForm,
  buildAlertUpdate,
  checkAlertForm,
  type TAlertErrors,
  type TAlertFormValues,
} from '../lib/alert-form';
import { currencySymbols } from '../lib/money';
import { useCurrency } from './money';

/**
 * Balance alerts (spec sections 3 and 9): the low-balance warning (on or off, its amount, 50 by
 * default), smart alerts (on or off; 7, 5, 3 and 1 days of the average daily spend over the past
 * 7 days), recipients (users of the account), methods (SMS, e-mail, webhook) and the webhooks.
 */
export function AlertSettings() {
  const config = useAlertConfig();
  const { t } = useTranslation('billing');
  if (config.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!config.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <AlertForm config={config.data} />;
}

function AlertForm({ config }: { config: TAlertConfigData }) {
  const { t } = useTranslation(['billing', 'validation']);
  const currency = useCurrency();
  const users = useAccountUsers();
  const webhooks = useWebhooks();
  const [values, setValues] = useState<TAlertFormValues>(() => alertToForm(config));
  const [errors, setErrors] = useState<TAlertErrors>({});
  const update = useUpdateAlert({ onDone: () => toast({ level: 'success', title: t('alerts.saved') }) });

  useEffect(() => setValues(alertToForm(config)), [config]);

  const change = (next: Partial<TAlertFormValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    if (Object.keys(errors).length > 0) setErrors(checkAlertForm(merged));
  };

  const save = () => {
    const found = checkAlertForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(buildAlertUpdate(values));
  };

  const error = (field: keyof TAlertErrors) =>
    errors[field] ? { validateStatus: 'error' as const, help: t(errors[field], { ns: 'validation' }) } : {};

  return (
    <Card title={t('alerts.title')} data-testid="alert-settings">
      <Typography.Paragraph type="secondary">{t('alerts.intro')}</Typography.Paragraph>
      <Form layout="vertical" className="cz-billing__alert-form" onFinish={save}>
        <Form.Item label={t('alerts.lowBalance')} extra={t('alerts.lowBalanceHint')}>
          <Space wrap>
            <Switch
              checked={values.isLowBalanceEnabled}
              onChange={(isLowBalanceEnabled) => change({ isLowBalanceEnabled })}
              data-testid="alert-low-balance"
            />
          </Space>
        </Form.Item>
        <Form.Item label={t('alerts.lowBalanceAmount')} {...error('lowBalanceAmount')}>
          <Input
            style={{ maxWidth: 240 }}
            inputMode="decimal"
            prefix={currencySymbols[currency]}
            disabled={!values.isLowBalanceEnabled}
            value={values.lowBalanceAmount}
            onChange={(e) => change({ lowBalanceAmount: e.target.value })}
            data-testid="alert-low-balance-amount"
          />
        </Form.Item>
        <Form.Item label={t('alerts.smart')} extra={t('alerts.smartHint')}>
          <Space wrap>
            <Switch
              checked={values.isSmartEnabled}
              onChange={(isSmartEnabled) => change({ isSmartEnabled })}
              data-testid="alert-smart"
            />
            {BillingLimits.smartAlertDays.map((days) => (
              <Tag key={days} color={values.isSmartEnabled ? 'blue' : 'default'}>
                {t('alerts.smartDays', { days })}
              </Tag>
            ))}
          </Space>
        </Form.Item>
        <Form.Item
          label={t('alerts.recipients')}
          extra={t('alerts.recipientsHint')}
          {...error('recipientUserIds')}
        >
          <Select
            mode="multiple"
            allowClear
            loading={users.isPending}
            placeholder={t('alerts.recipientsPlaceholder')}
            value={values.recipientUserIds}
            onChange={(recipientUserIds: number[]) => change({ recipientUserIds })}
            optionFilterProp="label"
            options={(users.data ?? []).map((u) => ({
              value: u.id,
              label:
                u.displayName && u.displayName !== u.username
                  ? `${u.displayName} (${u.username})`
                  : u.username,
            }))}
            data-testid="alert-recipients"
          />
        </Form.Item>
        <Form.Item label={t('alerts.methods')} {...error('methods')}>
          <Checkbox.Group
            value={values.methods}
            onChange={(methods) => change({ methods: methods as TAlertMethod[] })}
            options={AlertMethods.map((m) => ({
              value: m,
              label: <span data-testid={`alert-method-${m}`}>{t(`alerts.methodNames.${m}`)}</span>,
            }))}
          />
        </Form.Item>
        {values.methods.includes('webhook') ? (
          <Form.Item
            label={t('alerts.webhooks')}
            extra={webhooks.data?.length === 0 ? t('alerts.noWebhooks') : undefined}
            {...error('webhookIds')}
          >
            <Select
              mode="multiple"
              allowClear
              placeholder={t('alerts.webhooksPlaceholder')}
              value={values.webhookIds}
              onChange={(webhookIds: number[]) => change({ webhookIds })}
              options={(webhooks.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              data-testid="alert-webhooks"
            />
          </Form.Item>
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="alert-save">
            {t('alerts.save')}
          </Button>
          {config.updateTime ? (
            <Typography.Text type="secondary">
              {t('alerts.updateTime', { time: formatDateTime(config.updateTime) })}
            </Typography.Text>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}

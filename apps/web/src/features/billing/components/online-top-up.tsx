import { CheckCircleOutlined, LinkOutlined } from '@ant-design/icons';
import type { TPayChannel } from '@console/contract/billing-enums';
import { Alert, Button, Checkbox, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { asApiError } from '@/lib/code-errors';
import { formatDateTime } from '@/lib/format';
import { getMeta } from '@/lib/meta';
import { useQrCode } from '@/lib/qr-code';
import { useFundsAccount } from '../api/get-funds-account';
import { type TRechargeData, useGetPayQrcode } from '../api/get-pay-qrcode';
import { useRecharge } from '../api/get-recharge';
import { currencySymbols } from '../lib/money';
import { rechargeView } from '../lib/recharge-polling';
import { amountParam, checkTopUp, quickAmounts, type TTopUpErrors } from '../lib/top-up-rules';
import { Money, useCurrency, useMoney } from './money';

/** The development gateway's page (the QR code's content in development). */
export function isDevGatewayLink(codeUrl: string | null | undefined): codeUrl is string {
  return typeof codeUrl === 'string' && codeUrl.includes('/api/dev/pay/');
}

/** The QR code image: the order's data URL, or one drawn from its content. */
function QrImage({ order }: { order: TRechargeData }) {
  const { t } = useTranslation(['billing', 'common']);
  // The order's own image, or one drawn from its content.
  const drawn = useQrCode(order.qrCode ? null : order.codeUrl, { margin: 1, width: 220 });
  if (!order.qrCode && drawn.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('chunkLoadFailed', { ns: 'common' })}
        data-testid="top-up-qr-failed"
      />
    );
  const src = order.qrCode ?? (drawn.status === 'ready' ? drawn.src : null);
  return src ? (
    <img src={src} alt={t('topUp.qrAlt')} width={220} height={220} data-testid="top-up-qr" />
  ) : (
    <Spin />
  );
}

/** An order's state: the QR code while waiting (polled every 2 s), then paid, closed or failed. */
function OrderView({ order, onRestart }: { order: TRechargeData; onRestart: () => void }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { money } = useMoney();
  const polled = useRecharge(order.rechargeId);
  const current = polled.data ?? order;
  const view = rechargeView(current);
  const isOnprem = getMeta().deployMode === 'onprem';
  const funds = useFundsAccount(view === 'paid' && !isOnprem);
  // The balance shown is one fetched after the payment was seen, never the cached one from before.
  const seenPaidAt = polled.data?.seenPaidAt ?? null;
  const newFunds = funds.data && seenPaidAt !== null && funds.dataUpdatedAt >= seenPaidAt ? funds.data : null;
  const channelName = t(`topUp.methods.${current.channel}`);

  if (view === 'paid') {
    return (
      <Result
        status="success"
        icon={<CheckCircleOutlined />}
        title={t('topUp.paid.title')}
        subTitle={
          <Space orientation="vertical" size={4}>
            <span>{t('topUp.paid.text', { amount: money(current.amount) })}</span>
            {newFunds ? (
              <span data-testid="top-up-new-balance" data-value={newFunds.cashAmount}>
                {t('topUp.paid.balance', { amount: money(newFunds.cashAmount) })}
              </span>
            ) : null}
          </Space>
        }
        extra={[
          <Button
            type="primary"
            key="balance"
            onClick={() => navigate(paths.balance)}
            data-testid="top-up-to-balance"
          >
            {t('topUp.paid.toBalance')}
          </Button>,
          <Button
            key="transactions"
            onClick={() => navigate(`${paths.balance}?tab=transactions`)}
            data-testid="top-up-to-transactions"
          >
            {t('topUp.paid.toTransactions')}
          </Button>,
          <Button key="again" type="link" onClick={onRestart}>
            {t('topUp.paid.again')}
          </Button>,
        ]}
        data-testid="top-up-paid"
      />
    );
  }
  if (view === 'closed' || view === 'failed') {
    return (
      <Result
        status={view === 'failed' ? 'error' : 'warning'}
        title={t(`topUp.${view}.title`)}
        subTitle={t(`topUp.${view}.text`)}
        extra={
          <Button type="primary" onClick={onRestart} data-testid="top-up-retry">
            {t('topUp.retry')}
          </Button>
        }
        data-testid={`top-up-${view}`}
      />
    );
  }
  return (
    <div className="cz-billing__qr" data-testid="top-up-waiting" data-recharge={current.rechargeId}>
      <Typography.Title level={5}>
        {current.channel === 'wechat' ? t('topUp.scanWechat') : t('topUp.scanAlipay')}
      </Typography.Title>
      <QrImage order={current} />
      <Space orientation="vertical" size={4} align="center">
        <Typography.Text strong data-testid="top-up-amount">
          {t('topUp.payAmount', { amount: money(current.amount) })}
        </Typography.Text>
        <Typography.Text type="secondary">{t('topUp.channel', { channel: channelName })}</Typography.Text>
        <Typography.Text type="secondary">
          {t('topUp.expires', { time: formatDateTime(current.expireTime) })}
        </Typography.Text>
        <Typography.Text type="secondary">
          <Spin size="small" /> {t('topUp.waiting')}
        </Typography.Text>
        {isDevGatewayLink(current.codeUrl) ? (
          <Space orientation="vertical" size={2} align="center">
            <a href={current.codeUrl} target="_blank" rel="noreferrer" data-testid="top-up-dev-link">
              <LinkOutlined /> {t('topUp.openPaymentPage')}
            </a>
            <Typography.Text type="secondary" className="cz-billing__small">
              {t('topUp.devGatewayHint')}
            </Typography.Text>
          </Space>
        ) : null}
        <Button type="link" onClick={onRestart} data-testid="top-up-cancel">
          {t('topUp.cancel')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * Online top-up with WeChat Pay or Alipay (spec section 5): the amount (> 0, at most two
 * decimals; WeChat at most 50,000 yuan; quick amounts), the agreement, "Pay", then the order.
 */
export function OnlineTopUp({ channel }: { channel: TPayChannel }) {
  const { t } = useTranslation(['billing', 'validation', 'common']);
  const currency = useCurrency();
  const [amount, setAmount] = useState('');
  const [isAgreed, setIsAgreed] = useState(false);
  const [errors, setErrors] = useState<TTopUpErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [order, setOrder] = useState<TRechargeData | null>(null);
  const create = useGetPayQrcode();

  const change = (next: { amount?: string; isAgreed?: boolean }) => {
    const merged = { amount, isAgreed, ...next };
    if (next.amount !== undefined) setAmount(next.amount);
    if (next.isAgreed !== undefined) setIsAgreed(next.isAgreed);
    if (Object.keys(errors).length > 0) setErrors(checkTopUp({ ...merged, channel }));
    setServerError(null);
  };

  const pay = () => {
    if (create.isPending) return;
    const found = checkTopUp({ amount, channel, isAgreed });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { channel, amount: amountParam(amount) },
      {
        onSuccess: setOrder,
        onError: (error) => {
          const api = asApiError(error);
          const fieldErrors = (api?.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
          const firstField = fieldErrors ? Object.values(fieldErrors)[0] : undefined;
          setServerError(firstField || api?.message || t('requestFailed', { ns: 'common' }));
        },
      },
    );
  };

  if (order) return <OrderView order={order} onRestart={() => setOrder(null)} />;

  return (
    <Form layout="vertical" className="cz-billing__top-up-form" onFinish={pay} data-testid="top-up-online">
      <Form.Item
        label={t('topUp.amount')}
        required
        extra={channel === 'wechat' ? t('topUp.wechatLimit') : undefined}
        validateStatus={errors.amount ? 'error' : undefined}
        help={errors.amount ? t(errors.amount, { ns: 'validation' }) : undefined}
      >
        <Space orientation="vertical" size={8} className="cz-billing__full">
          <Space wrap>
            {quickAmounts.map((value) => (
              <Button
                key={value}
                type={amount === value ? 'primary' : 'default'}
                ghost={amount === value}
                onClick={() => change({ amount: value })}
                data-testid={`top-up-quick-${value}`}
              >
                <Money value={`${value}.00`} />
              </Button>
            ))}
          </Space>
          <Input
            style={{ maxWidth: 280 }}
            inputMode="decimal"
            prefix={currencySymbols[currency]}
            placeholder={t('topUp.amountPlaceholder', { currency })}
            value={amount}
            onChange={(e) => change({ amount: e.target.value })}
            data-testid="top-up-amount-input"
          />
        </Space>
      </Form.Item>
      <Form.Item
        validateStatus={errors.agreement ? 'error' : undefined}
        help={errors.agreement ? t(errors.agreement, { ns: 'validation' }) : undefined}
      >
        <Checkbox
          checked={isAgreed}
          onChange={(e) => change({ isAgreed: e.target.checked })}
          data-testid="top-up-agreement"
        >
          {t('topUp.agreement')}
        </Checkbox>
      </Form.Item>
      {serverError ? (
        <Alert
          type="error"
          showIcon
          title={serverError}
          className="cz-billing__gap"
          data-testid="top-up-error"
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={create.isPending}
        data-testid="top-up-pay"
      >
        {t('topUp.pay')}
      </Button>
    </Form>
  );
}

/**
 * /billing/balance/topUp, top-up (administrators; the header's back arrow goes to the balance):
 * WeChat Pay or Alipay with a QR code, polled until paid, or a bank transfer reported with its
 * certificate.
 */
import { AlipayCircleOutlined, BankOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Card, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotConfigured } from '@/lib/use-not-configured';
import { AdminOnly } from '../components/admin-only';
import { useCurrency } from '../components/money';
import { OnlineTopUp } from '../components/online-top-up';
import { RemittanceTopUp } from '../components/remittance-top-up';
import type { TTopUpMethod } from '../lib/top-up-rules';
import '../billing.css';

/** WeChat Pay and Alipay take CNY: a USD account (international edition) tops up by transfer. */
const methodsOf = (currency: string): readonly TTopUpMethod[] =>
  currency === 'CNY' ? ['wechat', 'alipay', 'remittance'] : ['remittance'];
const icons = { wechat: <WechatOutlined />, alipay: <AlipayCircleOutlined />, remittance: <BankOutlined /> };

export default function TopUpPage() {
  const { t } = useTranslation('billing');
  const currency = useCurrency();
  const methods = methodsOf(currency);
  const unavailable = {
    wechat: useNotConfigured('wechatPay'),
    alipay: useNotConfigured('alipay'),
    remittance: null,
  } satisfies Record<TTopUpMethod, string | null>;
  // The first method this installation offers is chosen first.
  const [method, setMethod] = useState<TTopUpMethod>(
    () => methods.find((m) => unavailable[m] === null) ?? methods[0] ?? 'remittance',
  );
  const reason = unavailable[method];
  return (
    <AdminOnly>
      <div className="cz-billing" data-testid="billing-top-up">
        <Card>
          <Typography.Paragraph type="secondary">{t('topUp.intro')}</Typography.Paragraph>
          {currency === 'CNY' ? null : (
            <Alert
              className="cz-billing__gap"
              type="info"
              showIcon
              title={t('topUp.remittanceOnly')}
              data-testid="top-up-remittance-only"
            />
          )}
          <div className="cz-billing__gap">
            <Typography.Text strong>{t('topUp.method')}</Typography.Text>
          </div>
          <Segmented
            className="cz-billing__gap"
            value={method}
            onChange={(next) => setMethod(next as TTopUpMethod)}
            options={methods.map((m) => ({
              value: m,
              icon: icons[m],
              label: <span data-testid={`top-up-method-${m}`}>{t(`topUp.methods.${m}`)}</span>,
            }))}
            data-testid="top-up-method"
          />
          {reason ? (
            <Alert type="info" showIcon title={reason} data-testid="top-up-not-configured" />
          ) : method === 'remittance' ? (
            <RemittanceTopUp />
          ) : (
            <OnlineTopUp key={method} channel={method} />
          )}
        </Card>
      </div>
    </AdminOnly>
  );
}

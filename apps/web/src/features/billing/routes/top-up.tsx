/**
 * /billing/balance/topUp, top-up (administrators; the header's back arrow goes to the balance):
 * WeChat Pay or Alipay with a QR code, polled until paid, or a bank transfer reported with its
 * certificate.
 */
import { AlipayCircleOutlined, BankOutlined, WechatOutlined } from '@ant-design/icons';
import { Card, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../components/admin-only';
import { OnlineTopUp } from '../components/online-top-up';
import { RemittanceTopUp } from '../components/remittance-top-up';
import type { TTopUpMethod } from '../lib/top-up-rules';
import '../billing.css';

const methods: readonly TTopUpMethod[] = ['wechat', 'alipay', 'remittance'];
const icons = { wechat: <WechatOutlined />, alipay: <AlipayCircleOutlined />, remittance: <BankOutlined /> };

export default function TopUpPage() {
  const { t } = useTranslation('billing');
  const [method, setMethod] = useState<TTopUpMethod>('wechat');
  return (
    <AdminOnly>
      <div className="cz-billing" data-testid="billing-top-up">
        <Card>
          <Typography.Paragraph type="secondary">{t('topUp.intro')}</Typography.Paragraph>
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
          {method === 'remittance' ? <RemittanceTopUp /> : <OnlineTopUp key={method} channel={method} />}
        </Card>
      </div>
    </AdminOnly>
  );
}

import { WebhookHeaders, webhookVerifySample } from '@console/contract/billing-enums';
import { Collapse, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * How a receiver verifies deliveries: the headers every delivery carries (the stable id, the
 * attempt's timestamp, the Standard Webhooks signature), the steps, and a Node.js sample whose
 * comments are in the page's language. The sample is the contract's, which the server's tests run
 * against real deliveries.
 */
export function WebhookVerifyHelp() {
  const { t } = useTranslation('billing');
  const sample = webhookVerifySample({
    rawBody: t('webhooks.verify.sample.rawBody'),
    once: t('webhooks.verify.sample.once'),
    age: t('webhooks.verify.sample.age'),
    several: t('webhooks.verify.sample.several'),
  });
  const items = [
    {
      key: 'verify',
      label: t('webhooks.verify.title'),
      children: (
        <div data-testid="webhook-verify-help">
          <Typography.Paragraph>{t('webhooks.verify.intro')}</Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            className="cz-billing__gap"
            items={[
              {
                key: 'id',
                label: <code>{WebhookHeaders.id}</code>,
                children: t('webhooks.verify.headers.id'),
              },
              {
                key: 'timestamp',
                label: <code>{WebhookHeaders.timestamp}</code>,
                children: t('webhooks.verify.headers.timestamp'),
              },
              {
                key: 'signature',
                label: <code>{WebhookHeaders.signature}</code>,
                children: t('webhooks.verify.headers.signature'),
              },
            ]}
          />
          <Typography.Paragraph>{t('webhooks.verify.steps')}</Typography.Paragraph>
          <pre className="cz-billing__code cz-billing__sample" data-testid="webhook-verify-sample">
            {sample}
          </pre>
          <Typography.Paragraph type="secondary">{t('webhooks.verify.robots')}</Typography.Paragraph>
        </div>
      ),
    },
  ];
  return <Collapse items={items} className="cz-billing__gap" data-testid="webhook-verify" />;
}

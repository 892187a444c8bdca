/**
 * What this console is to the identity provider, to register there: the redirect URI (OpenID
 * Connect), or the SP entity id, ACS URL and metadata URL (SAML 2.0), each with a copy button, and
 * the SP metadata XML to download.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { BreakableUrl } from '@/components/ui/breakable-url';
import type { TSsoConfig } from '../api/get-sso-config';
import { spMetadataFileName } from '../lib/sp-metadata';
import type { TSsoProtocol } from '../lib/sso-form';

export type TServiceProviderDetailsProps = {
  sp: TSsoConfig['sp'];
  protocol: TSsoProtocol;
  accountName: string;
};

export function ServiceProviderDetails({ sp, protocol, accountName }: TServiceProviderDetailsProps) {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const texts = { copy: t('copy', { ns: 'common' }), copied: t('copied', { ns: 'common' }) };
  const rows =
    protocol === 'OIDC'
      ? [
          {
            key: 'redirectUri',
            label: t('sp.redirectUri'),
            value: sp.redirectUri,
            testId: 'sso-sp-redirect-uri',
          },
        ]
      : [
          { key: 'entityId', label: t('sp.entityId'), value: sp.entityId, testId: 'sso-sp-entity-id' },
          { key: 'acsUrl', label: t('sp.acsUrl'), value: sp.acsUrl, testId: 'sso-sp-acs-url' },
          {
            key: 'metadataUrl',
            label: t('sp.metadataUrl'),
            value: sp.metadataUrl,
            testId: 'sso-sp-metadata',
          },
        ];
  return (
    <Card className="cz-sso__card" title={t('sp.title')} data-testid="sso-sp-card">
      <Typography.Paragraph type="secondary">{t('sp.intro')}</Typography.Paragraph>
      <dl className="cz-sso__sp">
        {rows.map((row) => (
          <div className="cz-sso__sp-row" key={row.key}>
            <dt className="cz-sso__sp-label">{row.label}</dt>
            <dd className="cz-sso__sp-value">
              <code className="cz-sso__sp-text" data-testid={row.testId}>
                <BreakableUrl value={row.value} />
              </code>
              <CopyButton text={row.value} texts={texts} testId={`${row.testId}-copy`} />
            </dd>
          </div>
        ))}
      </dl>
      {protocol === 'SAML2' ? (
        <Button
          icon={<DownloadOutlined />}
          href={sp.metadataUrl}
          download={spMetadataFileName(sp.metadataUrl, accountName)}
          data-testid="sso-sp-metadata-download"
        >
          {t('sp.download')}
        </Button>
      ) : null}
    </Card>
  );
}

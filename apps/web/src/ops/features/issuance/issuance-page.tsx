/** Issuance (issue 40, item 6): licences and registration invite codes, issued from forms. */
import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvitesTab } from './components/invites-tab';
import { LicensesTab } from './components/licenses-tab';
import './issuance.css';

export default function IssuancePage() {
  const { t } = useTranslation('opsCatalogue');
  return (
    <div className="cz-ops-issue" data-testid="ops-issuance">
      <Typography.Title level={1} className="cz-ops-page__title">
        {t('issuance.title')}
      </Typography.Title>
      <Card>
        <Tabs
          items={[
            { key: 'invites', label: t('issuance.tabs.invites'), children: <InvitesTab /> },
            { key: 'licenses', label: t('issuance.tabs.licenses'), children: <LicensesTab /> },
          ]}
        />
      </Card>
    </div>
  );
}

import { AccountType } from '@console/contract/enums';
import { Alert, Button, Space, Tag } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TAccountDetail, useAccountDetail } from '@/api/get-account-detail';
import { useCurrentUser } from '@/api/get-current-user';
import { useMfaStatus } from '@/api/get-mfa-status';
import { type TAccountCenter, useAccountCenter } from '../api/get-account-center';
import { AccountInfoCard } from '../components/account-info-card';
import {
  LazyActivationDialog,
  LazyCompanyDialog,
  LazyRegistrationPhoneDialog,
} from '../components/lazy-account-center-dialogs';
import { LazyUpgradeDialog } from '../components/lazy-upgrade-dialog';
import { PendingChangesCard } from '../components/pending-changes-card';
import { SecurityCard } from '../components/security-card';
import '../account.css';

type TDialog = 'company' | 'phone' | 'activation' | 'upgrade' | null;

export type TAccountInfoPageProps = {
  /** Cards of other features (e.g. third-party accounts), composed by the app's route. */
  cards?: readonly { key: string; node: ReactNode }[];
};

/**
 * /accountManage/accountInfo, the account center: the account's facts (with the company name,
 * registration phone, login protection and activation code), its security settings (password
 * policy, the user's own password) and, for account administrators, the contact changes waiting
 * for their users' agreement and the upgrade to the enterprise edition.
 */
export default function AccountInfoPage({ cards = [] }: TAccountInfoPageProps) {
  const { t } = useTranslation(['account', 'certification']);
  const isAdmin = useCurrentUser().data?.isAccountAdmin === true;
  const centerQuery = useAccountCenter();
  const center = centerQuery.data;
  const mfa = useMfaStatus().data;
  const [dialog, setDialog] = useState<TDialog>(null);

  const editButton = (target: TDialog, testId: string, label = t('center.edit')) =>
    isAdmin ? (
      <Button type="link" size="small" onClick={() => setDialog(target)} data-testid={testId}>
        {label}
      </Button>
    ) : null;

  const protectionText = (c: TAccountCenter) => {
    const own = mfa?.enable ? t('center.protectionOn') : t('center.protectionOff');
    const parts = [own];
    if (c.isMfaRequired) parts.push(t('center.protectionRequired'));
    if (isAdmin) parts.push(t('center.protectionUsers', { enabled: c.mfaEnabledUsers, total: c.totalUsers }));
    return parts.join(' · ');
  };

  const extraItems = (account: TAccountDetail) =>
    center
      ? [
          {
            key: 'company',
            label: t('center.company'),
            children: (
              <Space size={4}>
                <span data-testid="account-info-company">
                  {center.companyName ?? t('center.companyEmpty')}
                </span>
                {editButton('company', 'company-edit')}
              </Space>
            ),
          },
          {
            key: 'registrationPhone',
            label: t('center.registrationPhone'),
            children: (
              <Space size={4}>
                <span data-testid="account-info-reg-phone">
                  {center.registrationPhone ?? t('center.companyEmpty')}
                </span>
                {editButton('phone', 'reg-phone-edit')}
              </Space>
            ),
          },
          {
            key: 'protection',
            label: t('center.loginProtection'),
            children: (
              <Tag color={mfa?.enable ? 'green' : 'default'} data-testid="account-info-protection">
                {protectionText(center)}
              </Tag>
            ),
          },
          ...(account.accountVo.type !== AccountType.formal
            ? [
                {
                  key: 'activation',
                  label: t('center.activation'),
                  children: (
                    <Space size={4}>
                      {center.trialExtensionDays > 0 ? (
                        <span data-testid="account-info-extension">
                          {t('center.trialExtended', { days: center.trialExtensionDays })}
                        </span>
                      ) : null}
                      {editButton('activation', 'activation-open', t('center.activate'))}
                    </Space>
                  ),
                },
              ]
            : []),
        ]
      : [];

  const detail = useAccountDetail().data;
  const canUpgrade =
    isAdmin && detail?.accountVo.type === AccountType.trial && !detail.formalApplicationSubmitted;
  const application = center?.formalApplication ?? null;
  const isDeclined = application?.status === 'declined' && detail?.accountVo.type === AccountType.trial;
  // The reason an operator chose from the list (in the reader's language), and their own words.
  const declinedReason = isDeclined
    ? [
        application.reasonCode && application.reasonCode !== 'other'
          ? t(`certification:reviewReasons.formal.${application.reasonCode}`)
          : null,
        application.reasonNote,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <div className="cz-account" data-testid="account-center">
      <AccountInfoCard
        extraItems={extraItems}
        isReady={!centerQuery.isPending}
        pendingRows={[
          { key: 'company', label: t('center.company') },
          { key: 'registrationPhone', label: t('center.registrationPhone') },
          { key: 'protection', label: t('center.loginProtection') },
          ...(detail?.accountVo.type === AccountType.formal
            ? []
            : [{ key: 'activation', label: t('center.activation') }]),
        ]}
        extra={
          canUpgrade ? (
            <Button
              size="small"
              type="primary"
              ghost
              onClick={() => setDialog('upgrade')}
              data-testid="account-upgrade"
            >
              {t('center.upgrade')}
            </Button>
          ) : detail?.formalApplicationSubmitted && detail.accountVo.type === AccountType.trial ? (
            <Tag color="processing" data-testid="account-application-in-progress">
              {t('center.applicationInProgress')}
            </Tag>
          ) : null
        }
      />
      {isDeclined ? (
        <Alert
          type="warning"
          showIcon
          data-testid="account-application-declined"
          message={t('center.applicationDeclined')}
          description={
            <>
              {declinedReason ? (
                <div data-testid="account-application-declined-reason">{declinedReason}</div>
              ) : null}
              <div>{t('center.applicationDeclinedHint')}</div>
            </>
          }
        />
      ) : null}
      <SecurityCard />
      {cards.map((card) => (
        <Fragment key={card.key}>{card.node}</Fragment>
      ))}
      {isAdmin ? <PendingChangesCard /> : null}
      {dialog === 'company' ? (
        <LazyCompanyDialog current={center?.companyName ?? null} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'phone' ? <LazyRegistrationPhoneDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'activation' ? <LazyActivationDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'upgrade' ? <LazyUpgradeDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

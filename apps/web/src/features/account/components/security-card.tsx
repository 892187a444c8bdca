import { DesktopOutlined, EditOutlined, LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { Languages } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySessionsDialog } from '@/components/sessions/lazy-sessions-dialog';
import { useIsTenantAdmin } from '../api/check-tenant-admin';
import { usePasswordPolicy } from '../api/get-password-policy';
import { formatPolicyLine } from '../lib/policy-line';
import { LazyChangePasswordDialog } from './lazy-change-password-dialog';
import { LazyPasswordPolicyDialog } from './lazy-password-policy-dialog';

/**
 * The account center's "Security" card: the password policy line (with its Edit button for
 * account administrators, from a user-role lookup: `checkTenantAdmin`, spec section 6) and the
 * signed-in user's login password (Change password), and their active sessions (issue 22).
 */
export function SecurityCard() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const isAdmin = useIsTenantAdmin().data === true;
  const lang = Languages.find((l) => l === i18n.language) ?? 'zh-CN';
  const policy = usePasswordPolicy();
  const [dialog, setDialog] = useState<'policy' | 'password' | 'sessions' | null>(null);

  const line = policy.data
    ? formatPolicyLine(policy.data, {
        account: i18n.getResourceBundle(lang, 'account') as TPhrases['account'],
        errors: i18n.getResourceBundle(lang, 'errors') as TPhrases['errors'],
      })
    : null;

  return (
    <Card title={t('security.title')} className="cz-account-card" data-testid="account-security">
      <div className="cz-account-setting" data-testid="policy-row">
        <SafetyOutlined className="cz-account-setting__icon" />
        <div className="cz-account-setting__body">
          <div className="cz-account-setting__label">{t('security.passwordPolicy')}</div>
          {policy.isError ? (
            <Alert type="error" showIcon title={t('security.loadFailed')} data-testid="policy-load-failed" />
          ) : line ? (
            <div className="cz-account-setting__value" data-testid="policy-line">
              {line}
            </div>
          ) : (
            <Skeleton.Input active size="small" className="cz-account-setting__placeholder" />
          )}
        </div>
        {isAdmin ? (
          <Button
            icon={<EditOutlined />}
            disabled={!policy.data}
            onClick={() => setDialog('policy')}
            data-testid="policy-edit"
          >
            {t('security.edit')}
          </Button>
        ) : null}
      </div>
      <div className="cz-account-setting" data-testid="password-row">
        <LockOutlined className="cz-account-setting__icon" />
        <div className="cz-account-setting__body">
          <div className="cz-account-setting__label">{t('security.password')}</div>
          <div className="cz-account-setting__hint">{t('security.passwordHint')}</div>
        </div>
        <Button onClick={() => setDialog('password')} data-testid="account-change-password">
          {t('security.changePassword')}
        </Button>
      </div>
      <div className="cz-account-setting" data-testid="sessions-row">
        <DesktopOutlined className="cz-account-setting__icon" />
        <div className="cz-account-setting__body">
          <div className="cz-account-setting__label">{t('sessions.title')}</div>
          <div className="cz-account-setting__hint">{t('sessions.hint')}</div>
        </div>
        <Button onClick={() => setDialog('sessions')} data-testid="account-sessions">
          {t('sessions.manage')}
        </Button>
      </div>
      {dialog === 'policy' && policy.data ? (
        <LazyPasswordPolicyDialog policy={policy.data} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'password' ? <LazyChangePasswordDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'sessions' ? (
        <LazySessionsDialog owner={{ kind: 'mine' }} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}

import {
  CodeOutlined,
  ExportOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  ReadOutlined,
  RightOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { TMeta } from '@console/contract';
import { Languages } from '@console/contract/enums';
import { Avatar, Button, Divider, Popover, Segmented } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TCurrentUser, useCurrentUser } from '@/api/get-current-user';
import { useLogout } from '@/api/logout';
import { showToast } from '@/components/toast/toast-store';
import { LazyChangePasswordDialog } from '@/features/account/components/lazy-change-password-dialog';
import { LazyProfileDialog } from '@/features/account/components/lazy-profile-dialog';
import { LazyLoginProtectionDialog } from '@/features/mfa/components/lazy-login-protection-dialog';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getMeta } from '@/lib/meta';
import { type TEditDialog, useEditFlags } from './edit-flags';

function initialOf(user: TCurrentUser): string {
  return (user.displayName || user.name).trim().slice(0, 1).toUpperCase();
}

/**
 * The popover's outside links (spec section 2: "documentation (only if studio is shown)"): the
 * studio link where the deployment turns it on and has its address, and the documentation with it.
 */
export function popoverLinks(
  meta: Pick<TMeta, 'features' | 'links'>,
): { studio: string; docs: string | null } | null {
  const studio = meta.features.studioLink ? meta.links.studio : null;
  return studio ? { studio, docs: meta.links.docs } : null;
}

/**
 * The user popover of the sider: who is signed in, change password, login protection, the studio
 * and documentation links (only where the studio is shown), the language, and log out. It also
 * opens the edit dialog a query flag asks for (`?password_edit`).
 */
export function UserPopover({ user, isCollapsed }: { user: TCurrentUser; isCollapsed: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const [isOpen, setIsOpen] = useState(false);
  const [isProtectionOpen, setIsProtectionOpen] = useState(false);
  const [editDialog, setEditDialog] = useState<TEditDialog | null>(null);
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const [profileEdit, setProfileEdit] = useState<'phone' | 'email' | null>(null);
  useEditFlags(useCurrentUser().data !== undefined, (dialog) => {
    if (dialog === 'password') {
      setEditDialog('password');
      return;
    }
    setProfileEdit(dialog);
    setIsProfileOpen(true);
  });
  const logout = useLogout({ onDone: () => showToast({ level: 'success', title: t('user.loggedOut') }) });
  const lang = getLanguage();
  const links = popoverLinks(getMeta());
  const linkItem = (href: string, testId: string, icon: ReactNode, label: string) => (
    <a
      className="cz-user-card__item"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      onClick={() => setIsOpen(false)}
    >
      {icon}
      <span className="cz-user-card__item-label">{label}</span>
      <ExportOutlined className="cz-user-card__item-arrow" />
    </a>
  );

  const content = (
    <div className="cz-user-card" data-testid="user-popover">
      <div className="cz-user-card__head">
        <Avatar size={40} className="cz-avatar">
          {initialOf(user)}
        </Avatar>
        <div className="cz-user-card__names">
          <div className="cz-user-card__display" data-testid="user-display-name">
            {user.displayName || user.name}
          </div>
          <div className="cz-user-card__sub">
            {t('user.username')}: <span data-testid="user-name">{user.name}</span>
          </div>
        </div>
      </div>
      <dl className="cz-user-card__facts">
        <div>
          <dt>{t('user.account')}</dt>
          <dd data-testid="user-account">{user.accountDisplayName}</dd>
        </div>
      </dl>
      <Divider className="cz-user-card__divider" />
      <button
        type="button"
        className="cz-user-card__item"
        data-testid="user-my-profile"
        onClick={() => {
          setIsOpen(false);
          setProfileEdit(null);
          setIsProfileOpen(true);
        }}
      >
        <IdcardOutlined className="cz-user-card__item-icon" />
        <span className="cz-user-card__item-label">{t('user.myProfile')}</span>
        <RightOutlined className="cz-user-card__item-arrow" />
      </button>
      <button
        type="button"
        className="cz-user-card__item"
        data-testid="user-change-password"
        onClick={() => {
          setIsOpen(false);
          setEditDialog('password');
        }}
      >
        <LockOutlined className="cz-user-card__item-icon" />
        <span className="cz-user-card__item-label">{t('user.changePassword')}</span>
        <RightOutlined className="cz-user-card__item-arrow" />
      </button>
      <button
        type="button"
        className="cz-user-card__item"
        data-testid="user-login-protection"
        onClick={() => {
          setIsOpen(false);
          setIsProtectionOpen(true);
        }}
      >
        <SafetyCertificateOutlined className="cz-user-card__item-icon" />
        <span className="cz-user-card__item-label">{t('user.loginProtection')}</span>
        <RightOutlined className="cz-user-card__item-arrow" />
      </button>
      {links ? (
        <>
          <Divider className="cz-user-card__divider" />
          {linkItem(
            links.studio,
            'user-studio',
            <CodeOutlined className="cz-user-card__item-icon" />,
            t('user.studio'),
          )}
          {links.docs
            ? linkItem(
                links.docs,
                'user-documentation',
                <ReadOutlined className="cz-user-card__item-icon" />,
                t('user.documentation'),
              )
            : null}
        </>
      ) : null}
      <Divider className="cz-user-card__divider" />
      <div className="cz-user-card__row">
        <span id="user-language-label">{t('menu.language')}</span>
        <Segmented
          size="small"
          value={lang}
          aria-labelledby="user-language-label"
          data-testid="user-language"
          options={Languages.map((value) => ({ value, label: t(`languages.${value}`, { ns: 'common' }) }))}
          onChange={(value) => switchLanguage(value)}
        />
      </div>
      <Divider className="cz-user-card__divider" />
      <Button
        type="text"
        danger
        block
        icon={<LogoutOutlined />}
        className="cz-user-card__logout"
        loading={logout.isPending}
        data-testid="logout"
        onClick={() => logout.mutate()}
      >
        {t('user.logout')}
      </Button>
    </div>
  );

  return (
    <>
      {editDialog === 'password' ? <LazyChangePasswordDialog onClose={() => setEditDialog(null)} /> : null}
      {isProfileOpen ? (
        <LazyProfileDialog initialEdit={profileEdit} onClose={() => setIsProfileOpen(false)} />
      ) : null}
      {isProtectionOpen ? (
        <LazyLoginProtectionDialog action="manage" onClose={() => setIsProtectionOpen(false)} />
      ) : null}
      <Popover
        content={content}
        trigger="click"
        placement={isCollapsed ? 'rightBottom' : 'topLeft'}
        open={isOpen}
        onOpenChange={setIsOpen}
        arrow={false}
      >
        <button
          type="button"
          className="cz-user-trigger"
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-label={`${user.displayName || user.name} (${user.accountDisplayName})`}
          data-testid="user-menu"
        >
          <Avatar size={32} className="cz-avatar">
            {initialOf(user)}
          </Avatar>
          {isCollapsed ? null : (
            <span className="cz-user-trigger__text">
              <span className="cz-user-trigger__name">{user.displayName || user.name}</span>
              <span className="cz-user-trigger__account">{user.accountDisplayName}</span>
            </span>
          )}
        </button>
      </Popover>
    </>
  );
}

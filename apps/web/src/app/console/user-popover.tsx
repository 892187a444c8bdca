import type { TMeta } from '@console/contract';
import { Languages } from '@console/contract/enums';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TCurrentUser, useCurrentUser } from '@/api/get-current-user';
import { useLogout } from '@/api/logout';
import { Button } from '@/components/ui/button';
import { ConsoleIcon } from '@/components/ui/console-icon';
import { useDismiss } from '@/components/ui/use-dismiss';
import { LazyChangePasswordDialog } from '@/features/account/components/lazy-change-password-dialog';
import { LazyProfileDialog } from '@/features/account/components/lazy-profile-dialog';
import { LazyLoginProtectionDialog } from '@/features/mfa/components/lazy-login-protection-dialog';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { type TEditDialog, useEditFlags } from './edit-flags';

function initialOf(user: TCurrentUser): string {
  return (user.displayName || user.name).trim().slice(0, 1).toUpperCase();
}

function Avatar({ user, size }: { user: TCurrentUser; size: number }) {
  return (
    <span
      className="cz-avatar"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {initialOf(user)}
    </span>
  );
}

/**
 * Where the card goes: above the trigger, left-aligned (the open sidebar), or beside it, bottom-
 * aligned (the collapsed sidebar); fixed to the window, so that the sidebar's scrolling cannot
 * cut it.
 */
function cardPosition(trigger: HTMLElement, isCollapsed: boolean): CSSProperties {
  const r = trigger.getBoundingClientRect();
  const bottom = window.innerHeight - (isCollapsed ? r.bottom : r.top - 4);
  return { left: isCollapsed ? r.right + 8 : Math.max(8, r.left), bottom: Math.max(8, bottom) };
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
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const languageLabelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(wrapRef, isOpen, close, triggerRef);
  useEffect(() => {
    if (isOpen) cardRef.current?.focus();
  }, [isOpen]);
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
  const logout = useLogout({ onDone: () => toast({ level: 'success', title: t('user.loggedOut') }) });
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
      <ConsoleIcon name="external" size={12} className="cz-user-card__item-arrow" />
    </a>
  );

  const content = (
    <div
      ref={cardRef}
      className="cz-user-card"
      data-testid="user-popover"
      role="dialog"
      aria-label={user.displayName || user.name}
      tabIndex={-1}
      style={position ?? undefined}
    >
      <div className="cz-user-card__head">
        <Avatar user={user} size={40} />
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
      <hr className="cz-user-card__divider" />
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
        <ConsoleIcon name="profile" className="cz-user-card__item-icon" />
        <span className="cz-user-card__item-label">{t('user.myProfile')}</span>
        <ConsoleIcon name="chevronRight" size={12} className="cz-user-card__item-arrow" />
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
        <ConsoleIcon name="lock" className="cz-user-card__item-icon" />
        <span className="cz-user-card__item-label">{t('user.changePassword')}</span>
        <ConsoleIcon name="chevronRight" size={12} className="cz-user-card__item-arrow" />
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
        <ConsoleIcon name="shield" className="cz-user-card__item-icon" />
        <span className="cz-user-card__item-label">{t('user.loginProtection')}</span>
        <ConsoleIcon name="chevronRight" size={12} className="cz-user-card__item-arrow" />
      </button>
      {links ? (
        <>
          <hr className="cz-user-card__divider" />
          {linkItem(
            links.studio,
            'user-studio',
            <ConsoleIcon name="code" className="cz-user-card__item-icon" />,
            t('user.studio'),
          )}
          {links.docs
            ? linkItem(
                links.docs,
                'user-documentation',
                <ConsoleIcon name="docs" className="cz-user-card__item-icon" />,
                t('user.documentation'),
              )
            : null}
        </>
      ) : null}
      <hr className="cz-user-card__divider" />
      <div className="cz-user-card__row">
        <span id={languageLabelId}>{t('menu.language')}</span>
        <fieldset className="cz-segmented" aria-labelledby={languageLabelId} data-testid="user-language">
          {Languages.map((value) => (
            <button
              key={value}
              type="button"
              lang={value}
              className="cz-segmented__option"
              aria-pressed={value === lang}
              onClick={() => {
                if (value !== lang) switchLanguage(value);
              }}
            >
              {t(`languages.${value}`, { ns: 'common' })}
            </button>
          ))}
        </fieldset>
      </div>
      <hr className="cz-user-card__divider" />
      <Button
        variant="text"
        isDanger
        isBlock
        className="cz-user-card__logout"
        isLoading={logout.isPending}
        data-testid="logout"
        onClick={() => logout.mutate()}
      >
        {logout.isPending ? null : <ConsoleIcon name="logout" />}
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
      <div className="cz-user-pop" ref={wrapRef}>
        <button
          ref={triggerRef}
          type="button"
          className="cz-user-trigger"
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-label={`${user.displayName || user.name} (${user.accountDisplayName})`}
          data-testid="user-menu"
          onClick={(event) => {
            setPosition(cardPosition(event.currentTarget, isCollapsed));
            setIsOpen((v) => !v);
          }}
        >
          <Avatar user={user} size={32} />
          {isCollapsed ? null : (
            <span className="cz-user-trigger__text">
              <span className="cz-user-trigger__name">{user.displayName || user.name}</span>
              <span className="cz-user-trigger__account">{user.accountDisplayName}</span>
            </span>
          )}
        </button>
        {isOpen ? content : null}
      </div>
    </>
  );
}

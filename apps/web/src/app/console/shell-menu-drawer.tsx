/** The menu of narrow windows, a chunk of its own (wide windows never load the drawer). */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SiderBody, type TShellSiderProps } from './shell-sider';

const focusable = 'a[href], button:not([disabled]), [tabindex="0"]';

/**
 * The menu of narrow windows: a modal panel from the left, opened by the header's menu button.
 * Focus moves into it and stays there (Tab wraps); Escape (once no popup is open in it) or a press
 * on the dimmed page closes it and gives focus back to what opened it; the page under it does not
 * scroll meanwhile.
 */
export default function ShellMenuDrawer({
  isOpen,
  onClose,
  ...props
}: TShellSiderProps & { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [isOpen]);
  if (!isOpen) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A popup open in the drawer (a group's items, the user card) closes first, by itself.
      if (panel.current?.querySelector('.cz-nav__flyout, .cz-user-card')) return;
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(focusable));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="cz-menu-drawer">
      <div className="cz-menu-drawer__mask" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="cz-menu-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('menuLabel')}
        tabIndex={-1}
        data-testid="menu-drawer"
        onKeyDown={onKeyDown}
      >
        <SiderBody {...props} isCollapsed={false} onNavigate={onClose} />
      </div>
    </div>
  );
}

import type { TAuthVo } from '@console/contract';
import { Languages } from '@console/contract/enums';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TCurrentUser } from '@/api/get-current-user';
import { BrandMark } from '@/components/brand-mark';
import { ConsoleIcon, type TConsoleIconName } from '@/components/ui/console-icon';
import { Tooltip } from '@/components/ui/tooltip';
import { useDismiss } from '@/components/ui/use-dismiss';
import type { TConsoleRoute } from '@/config/console-routes';
import { paths } from '@/config/paths';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getMeta } from '@/lib/meta';
import { buildMenu, selectedMenuKeys, type TMenuKey, type TMenuNode } from './menu-model';
import { UserPopover } from './user-popover';

const icons: Partial<Record<TMenuKey, TConsoleIconName>> = {
  workbench: 'workbench',
  accountManage: 'team',
  serviceManage: 'cloud',
  billing: 'billing',
  auditManage: 'audit',
};

const collapsedKey = 'cz-sider-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(collapsedKey) === '1';
  } catch {
    return false;
  }
}

export type TShellSiderProps = {
  route: TConsoleRoute;
  /** '' in the cloud, `/accounts/{id}` on-premise. */
  prefix: string;
  user: TCurrentUser;
  auths: readonly TAuthVo[];
  isBillingAvailable: boolean;
  /** The pointer or focus came to the menu: what its pages need may be fetched. */
  onIntent?: () => void;
};

type TSiderBodyProps = TShellSiderProps & {
  isCollapsed: boolean;
  /** The collapse button (the sidebar only; the drawer closes instead). */
  onToggleCollapsed?: () => void;
  /** Called after a menu item navigates (the drawer closes). */
  onNavigate?: () => void;
};

/** The flyout's width (CSS `min-width` of `.cz-nav__flyout`). */
const flyoutWidth = 180;

/**
 * A group's items beside the collapsed sidebar: a small list to the right of the group's button,
 * closed by a click outside, Escape (focus back on the button) or a choice.
 */
function Flyout({
  id,
  anchor,
  onClose,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  children: ReactNode;
}) {
  // The anchor's item holds both the group's button and this list: a press on the button toggles
  // the list, it is not a click outside.
  const item = useMemo(() => ({ current: anchor.parentElement }), [anchor]);
  const anchorRef = useMemo(() => ({ current: anchor }), [anchor]);
  useDismiss(item, true, onClose, anchorRef);
  const r = anchor.getBoundingClientRect();
  const fromBottom = r.top > window.innerHeight / 2;
  // Beside the anchor, or as far right as the window allows (a phone's drawer is most of its width).
  const left = Math.max(8, Math.min(r.right + 6, window.innerWidth - flyoutWidth - 8));
  return (
    <ul
      id={id}
      className="cz-nav cz-nav__flyout"
      style={fromBottom ? { left, bottom: Math.max(8, window.innerHeight - r.bottom) } : { left, top: r.top }}
    >
      {children}
    </ul>
  );
}

type TItemProps = {
  icon?: TConsoleIconName | undefined;
  label: string;
  testId: string;
  isCollapsed: boolean;
  /** Under a group (indented, no icon of its own). */
  isNested?: boolean;
};

/** The inside of an item: its icon, and its label (only read out, not shown, when collapsed). */
function ItemContent({ icon, label, testId, isCollapsed }: TItemProps) {
  return (
    <>
      {icon ? <ConsoleIcon name={icon} className="cz-nav__icon" /> : null}
      <span
        className={`cz-menu-label${isCollapsed && icon ? ' cz-visually-hidden' : ''}`}
        data-testid={testId}
      >
        {label}
      </span>
    </>
  );
}

/**
 * The console menu: links for pages, disclosure buttons for groups. The current page's link has
 * `aria-current="page"`, and its group is open. It holds only what the user may open (the menu
 * model leaves the rest out). Collapsed, the items show their icon and the label in a tooltip,
 * and a group opens its items beside the sidebar.
 */
function SideMenu({
  model,
  prefix,
  routeId,
  isCollapsed,
  onNavigate,
}: {
  model: TMenuNode[];
  prefix: string;
  routeId: TConsoleRoute['id'];
  isCollapsed: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const keys = selectedMenuKeys(routeId);
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);
  const [flyout, setFlyout] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const baseId = useId();
  const openOfRoute = keys.open.join(',');

  useEffect(() => {
    if (openOfRoute) setOpenKeys((prev) => Array.from(new Set([...prev, ...openOfRoute.split(',')])));
  }, [openOfRoute]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change or a collapse closes it
  useEffect(() => setFlyout(null), [routeId, isCollapsed]);

  const leaf = (node: TMenuNode, isNested: boolean) => {
    const label = t(`menu.${node.key}`);
    const content = (
      <ItemContent
        icon={isNested ? undefined : icons[node.key]}
        label={label}
        testId={`menu-${node.key}`}
        isCollapsed={isCollapsed && !isNested}
      />
    );
    const cls = `cz-nav__item${isNested ? ' cz-nav__item--nested' : ''}`;
    const routeTarget = node.routeId;
    if (!routeTarget) return null;
    const isSelected = keys.selected.includes(node.key);
    const link = (
      <a
        className={cls}
        href={`${prefix}${paths[routeTarget]}`}
        aria-current={isSelected ? 'page' : undefined}
        aria-label={isCollapsed && !isNested ? label : undefined}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setFlyout(null);
          navigate(paths[routeTarget]);
          onNavigate?.();
        }}
      >
        {content}
      </a>
    );
    return (
      <li key={node.key} data-menu-key={node.key}>
        {isCollapsed && !isNested ? (
          <Tooltip title={label} placement="right" className="cz-nav__tip">
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </li>
    );
  };

  const group = (node: TMenuNode) => {
    const children = node.children ?? [];
    const label = t(`menu.${node.key}`);
    const listId = `${baseId}-${node.key}`;
    const isActive = keys.open.includes(node.key);
    const isOpen = isCollapsed ? flyout?.key === node.key : openKeys.includes(node.key);
    return (
      <li key={node.key} data-menu-key={node.key} data-open={isOpen || undefined}>
        <button
          type="button"
          className="cz-nav__item cz-nav__group"
          aria-expanded={isOpen}
          aria-controls={isOpen ? listId : undefined}
          aria-label={isCollapsed ? label : undefined}
          data-active={isActive || undefined}
          onClick={(event) => {
            if (isCollapsed) {
              const anchor = event.currentTarget;
              setFlyout((f) => (f?.key === node.key ? null : { key: node.key, anchor }));
              return;
            }
            setOpenKeys((prev) =>
              prev.includes(node.key) ? prev.filter((k) => k !== node.key) : [...prev, node.key],
            );
          }}
        >
          <ItemContent
            icon={icons[node.key]}
            label={label}
            testId={`menu-${node.key}`}
            isCollapsed={isCollapsed}
          />
          {isCollapsed ? null : <ConsoleIcon name="chevronDown" size={14} className="cz-nav__arrow" />}
        </button>
        {isOpen && !isCollapsed ? (
          <ul id={listId} className="cz-nav cz-nav__sub">
            {children.map((c) => leaf(c, true))}
          </ul>
        ) : null}
        {isOpen && isCollapsed && flyout ? (
          <Flyout id={listId} anchor={flyout.anchor} onClose={() => setFlyout(null)}>
            {children.map((c) => leaf(c, true))}
          </Flyout>
        ) : null}
      </li>
    );
  };

  return (
    <ul className="cz-nav" data-testid="main-menu">
      {model.map((node) => (node.children ? group(node) : leaf(node, false)))}
    </ul>
  );
}

/** The sidebar's bottom: documentation and release notes (where configured), and the language. */
function BottomMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const meta = getMeta();
  const lang = getLanguage();
  const [isLanguageOpen, setIsLanguageOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const external = (href: string | null, icon: TConsoleIconName, testId: string, label: string) =>
    href ? (
      <li>
        <a
          className="cz-nav__item"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={isCollapsed ? label : undefined}
        >
          <ConsoleIcon name={icon} className="cz-nav__icon" />
          <span className={`cz-menu-label${isCollapsed ? ' cz-visually-hidden' : ''}`} data-testid={testId}>
            {label}
          </span>
        </a>
      </li>
    ) : null;
  const languageLabel = `${t('menu.language')} · ${t(`languages.${lang}`, { ns: 'common' })}`;
  return (
    <ul className="cz-nav cz-nav--bottom" data-testid="bottom-menu">
      {external(meta.links.docs, 'docs', 'menu-documentation', t('menu.documentation'))}
      {external(meta.links.releaseNotes, 'releaseNotes', 'menu-release-notes', t('menu.releaseNotes'))}
      <li>
        <button
          type="button"
          className="cz-nav__item cz-nav__group"
          aria-expanded={isLanguageOpen}
          aria-controls={isLanguageOpen ? listId : undefined}
          aria-label={isCollapsed ? languageLabel : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setIsLanguageOpen((v) => !v);
          }}
        >
          <ConsoleIcon name="globe" className="cz-nav__icon" />
          <span
            className={`cz-menu-label${isCollapsed ? ' cz-visually-hidden' : ''}`}
            data-testid="menu-language"
          >
            {languageLabel}
          </span>
          {isCollapsed ? null : <ConsoleIcon name="chevronRight" size={14} className="cz-nav__arrow" />}
        </button>
        {isLanguageOpen && anchor ? (
          <Flyout id={listId} anchor={anchor} onClose={() => setIsLanguageOpen(false)}>
            {Languages.map((value) => (
              <li key={value}>
                <button
                  type="button"
                  className="cz-nav__item cz-nav__item--nested"
                  aria-current={value === lang ? 'true' : undefined}
                  lang={value}
                  onClick={() => {
                    setIsLanguageOpen(false);
                    if (value !== lang) switchLanguage(value);
                  }}
                >
                  <span className="cz-menu-label" data-testid={`menu-lang-${value}`}>
                    {t(`languages.${value}`, { ns: 'common' })}
                  </span>
                  {value === lang ? <ConsoleIcon name="check" size={14} className="cz-nav__arrow" /> : null}
                </button>
              </li>
            ))}
          </Flyout>
        ) : null}
      </li>
    </ul>
  );
}

/** The menu, bottom links and user popover: the sidebar's content, and the drawer's. */
export function SiderBody({
  route,
  prefix,
  user,
  auths,
  isBillingAvailable,
  isCollapsed,
  onToggleCollapsed,
  onNavigate,
  onIntent,
}: TSiderBodyProps) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const model = useMemo(() => buildMenu({ auths, isBillingAvailable }), [auths, isBillingAvailable]);
  return (
    <div className="cz-sider__inner">
      <a
        className="cz-sider__logo"
        href={`${prefix}${paths.workbench}`}
        onClick={(e) => {
          e.preventDefault();
          navigate(paths.workbench);
          onNavigate?.();
        }}
      >
        <span className="cz-sider__mark">
          <BrandMark size={30} />
        </span>
        <span className={isCollapsed ? 'cz-visually-hidden' : 'cz-sider__product'}>
          {t('productName', { ns: 'common' })}
        </span>
      </a>
      <nav
        className="cz-sider__nav"
        aria-label={t('productName', { ns: 'common' })}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <SideMenu
          model={model}
          prefix={prefix}
          routeId={route.id}
          isCollapsed={isCollapsed}
          onNavigate={onNavigate}
        />
      </nav>
      <div className="cz-sider__bottom">
        <BottomMenu isCollapsed={isCollapsed} />
        <div className="cz-sider__user">
          <UserPopover user={user} isCollapsed={isCollapsed} />
        </div>
        {onToggleCollapsed ? (
          <button
            type="button"
            className="cz-sider__collapse"
            onClick={onToggleCollapsed}
            aria-label={isCollapsed ? t('expand') : t('collapse')}
            aria-expanded={!isCollapsed}
            data-testid="sider-collapse"
          >
            <ConsoleIcon name={isCollapsed ? 'unfold' : 'fold'} />
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The sidebar of wide windows (992 px and more). Its collapsed state is the user's choice, kept in
 * localStorage; a narrow window never changes it, so the sidebar comes back as it was on widening.
 */
export function ShellSider(props: TShellSiderProps) {
  const [isCollapsed, setIsCollapsed] = useState(readCollapsed);
  const toggleCollapsed = () => {
    setIsCollapsed((value) => {
      try {
        localStorage.setItem(collapsedKey, value ? '0' : '1');
      } catch {
        // ignore
      }
      return !value;
    });
  };
  return (
    <aside className="cz-sider" data-collapsed={isCollapsed || undefined} data-testid="sider">
      <SiderBody {...props} isCollapsed={isCollapsed} onToggleCollapsed={toggleCollapsed} />
    </aside>
  );
}

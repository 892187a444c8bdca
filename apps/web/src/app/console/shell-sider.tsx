import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CheckOutlined,
  CloudServerOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  NotificationOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { TAuthVo } from '@console/contract';
import { Languages } from '@console/contract/enums';
import { Layout, Menu, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TCurrentUser } from '@/api/get-current-user';
import { BrandMark } from '@/components/brand-mark';
import type { TConsoleRoute } from '@/config/console-routes';
import { paths } from '@/config/paths';
import { getLanguage, switchLanguage } from '@/lib/language';
import { getMeta } from '@/lib/meta';
import { buildMenu, selectedMenuKeys, type TMenuKey, type TMenuNode } from './menu-model';
import { UserPopover } from './user-popover';

type TItem = NonNullable<MenuProps['items']>[number];

const icons: Partial<Record<TMenuKey, ReactNode>> = {
  workbench: <AppstoreOutlined />,
  accountManage: <TeamOutlined />,
  serviceManage: <CloudServerOutlined />,
  billing: <AccountBookOutlined />,
  auditManage: <AuditOutlined />,
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
};

type TSiderBodyProps = TShellSiderProps & {
  isCollapsed: boolean;
  /** The collapse button (the sidebar only; the drawer closes instead). */
  onToggleCollapsed?: () => void;
  /** Called after a menu item navigates (the drawer closes). */
  onNavigate?: () => void;
};

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
}: TSiderBodyProps) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const meta = getMeta();
  const model = useMemo(() => buildMenu({ auths, isBillingAvailable }), [auths, isBillingAvailable]);
  const keys = selectedMenuKeys(route.id);
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);
  const openOfRoute = keys.open.join(',');

  useEffect(() => {
    if (openOfRoute) setOpenKeys((prev) => Array.from(new Set([...prev, ...openOfRoute.split(',')])));
  }, [openOfRoute]);

  const label = (node: TMenuNode): ReactNode => {
    const text = t(`menu.${node.key}`);
    const inner = (
      <span
        className="cz-menu-label"
        data-testid={`menu-${node.key}`}
        data-disabled={node.isDisabled || undefined}
      >
        {text}
      </span>
    );
    return node.isDisabled ? (
      <Tooltip title={t('noPermission')} placement="right">
        {inner}
      </Tooltip>
    ) : (
      inner
    );
  };

  const toItem = (node: TMenuNode): TItem => ({
    key: node.key,
    'data-menu-key': node.key,
    icon: icons[node.key],
    label: label(node),
    disabled: node.isDisabled,
    ...(node.children ? { children: node.children.map(toItem) } : {}),
  });

  const byKey = new Map<string, TMenuNode>();
  const walk = (nodes: TMenuNode[]) => {
    for (const n of nodes) {
      byKey.set(n.key, n);
      if (n.children) walk(n.children);
    }
  };
  walk(model);

  const lang = getLanguage();
  const externalLink = (
    key: string,
    href: string | null,
    icon: ReactNode,
    testId: string,
    label: string,
  ): TItem[] =>
    href
      ? [
          {
            key,
            icon,
            label: (
              <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
                {label}
              </a>
            ),
          },
        ]
      : [];
  const bottomItems: TItem[] = [
    ...externalLink(
      'documentation',
      meta.links.docs,
      <ReadOutlined />,
      'menu-documentation',
      t('menu.documentation'),
    ),
    ...externalLink(
      'releaseNotes',
      meta.links.releaseNotes,
      <NotificationOutlined />,
      'menu-release-notes',
      t('menu.releaseNotes'),
    ),
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: (
        <span data-testid="menu-language">
          {t('menu.language')} · {t(`languages.${lang}`, { ns: 'common' })}
        </span>
      ),
      children: Languages.map((value) => ({
        key: `lang:${value}`,
        ...(value === lang ? { icon: <CheckOutlined />, 'aria-current': 'true' } : {}),
        label: (
          <span lang={value} data-testid={`menu-lang-${value}`}>
            {t(`languages.${value}`, { ns: 'common' })}
          </span>
        ),
      })),
    },
  ];

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
        {isCollapsed ? null : <span className="cz-sider__product">{t('productName', { ns: 'common' })}</span>}
      </a>
      <nav className="cz-sider__nav" aria-label={t('productName', { ns: 'common' })}>
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 0 }}
          items={model.map(toItem)}
          selectedKeys={keys.selected}
          {...(isCollapsed ? {} : { openKeys, onOpenChange: (next: string[]) => setOpenKeys(next) })}
          inlineIndent={16}
          data-testid="main-menu"
          onClick={({ key }) => {
            const node = byKey.get(key);
            if (node?.routeId && !node.isDisabled) {
              navigate(paths[node.routeId]);
              onNavigate?.();
            }
          }}
        />
      </nav>
      <div className="cz-sider__bottom">
        <Menu
          mode="vertical"
          style={{ borderInlineEnd: 0 }}
          selectable={false}
          items={bottomItems}
          data-testid="bottom-menu"
          onClick={({ key }) => {
            if (key.startsWith('lang:')) {
              const next = key.slice(5);
              if (next === 'zh-CN' || next === 'en-US') switchLanguage(next);
            }
          }}
        />
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
            {isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
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
    <Layout.Sider
      className="cz-sider"
      width={240}
      collapsedWidth={64}
      collapsed={isCollapsed}
      trigger={null}
      collapsible
      data-testid="sider"
    >
      <SiderBody {...props} isCollapsed={isCollapsed} onToggleCollapsed={toggleCollapsed} />
    </Layout.Sider>
  );
}

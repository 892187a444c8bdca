/**
 * The back office's frame: side navigation (collapsible; a drawer on narrow windows), the header
 * with the operator's name and role, the language switch and sign-out, and the page.
 */

import { LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { TOpsRouteData } from '@console/contract/ops';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Layout, Menu, Spin, Tag, Typography } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMediaQuery } from '@/lib/use-media-query';
import { OpsLanguageSwitch } from '@/ops/components/ops-language-switch';
import { callOps } from '@/ops/lib/ops-api';
import { signInPath } from '@/ops/lib/session-end';
import type { TOpsNavItem } from './nav-types';

const narrowQuery = '(max-width: 767px)';

function NavMenu({ items, onGo }: { items: readonly TOpsNavItem[]; onGo: () => void }) {
  // Each page's menu text is of its area's namespace: all of them loaded before the menu draws.
  const { i18n } = useTranslation([...new Set(items.map((item) => item.label.ns))]);
  // The registry names each page's text by namespace and key (its area's phrases).
  const label = i18n.t as unknown as (key: string, options: { ns: string }) => string;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected.key] : []}
      items={items.map((item) => ({
        key: item.key,
        icon: item.icon,
        label: (
          <a
            href={item.path}
            data-testid={`ops-nav-${item.key}`}
            onClick={(event) => {
              event.preventDefault();
              navigate(item.path);
              onGo();
            }}
          >
            {label(item.label.key, { ns: item.label.ns })}
          </a>
        ),
      }))}
    />
  );
}

function Brand({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation('opsShell');
  return (
    <div className="cz-ops-brand">
      <span className="cz-ops-brand__mark" aria-hidden="true">
        O
      </span>
      {isCollapsed ? null : (
        <span className="cz-ops-brand__text">
          <strong>{t('appName')}</strong>
          <span>{t('appSubtitle')}</span>
        </span>
      )}
    </div>
  );
}

export function OpsLayout({
  me,
  items,
  children,
}: {
  me: TOpsRouteData<'opsMe'>;
  items: readonly TOpsNavItem[];
  children: ReactNode;
}) {
  const { t } = useTranslation('opsShell');
  const isNarrow = useMediaQuery(narrowQuery);
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = t(`roles.${me.operator.role}`);

  const signOut = async () => {
    setIsSigningOut(true);
    try {
      await callOps('opsSignOut', { hints: false });
    } catch {
      // The session is gone either way for this tab.
    }
    queryClient.clear();
    navigate(signInPath('signedOut'), { replace: true });
  };

  return (
    <Layout className="cz-ops-frame">
      {isNarrow ? null : (
        <Layout.Sider
          width={232}
          collapsedWidth={64}
          collapsed={isCollapsed}
          className="cz-ops-sider"
          theme="light"
        >
          <Brand isCollapsed={isCollapsed} />
          <nav aria-label={t('layout.menuLabel')}>
            <NavMenu items={items} onGo={() => {}} />
          </nav>
        </Layout.Sider>
      )}
      {isNarrow ? (
        <Drawer
          placement="left"
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          size={280}
          title={<Brand isCollapsed={false} />}
          closable={{ 'aria-label': t('layout.closeMenu') }}
          className="cz-ops-drawer"
          data-testid="ops-drawer"
        >
          <nav aria-label={t('layout.menuLabel')}>
            <NavMenu items={items} onGo={() => setIsDrawerOpen(false)} />
          </nav>
        </Drawer>
      ) : null}
      <Layout>
        <Layout.Header className="cz-ops-header">
          {isNarrow ? (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('layout.openMenu')}
              aria-expanded={isDrawerOpen}
              data-testid="ops-menu-open"
              onClick={() => setIsDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={isCollapsed ? t('layout.expand') : t('layout.collapse')}
              data-testid="ops-menu-collapse"
              onClick={() => setIsCollapsed((value) => !value)}
            />
          )}
          {isNarrow ? <span className="cz-ops-header__title">{t('appName')}</span> : null}
          <div className="cz-ops-header__end">
            <OpsLanguageSwitch />
            <span
              className="cz-ops-operator"
              data-testid="ops-operator"
              title={t('layout.signedInAs', { name: me.operator.username, role })}
            >
              <Typography.Text strong className="cz-ops-operator__name">
                {me.operator.username}
              </Typography.Text>
              <Tag color="blue" data-testid="ops-operator-role">
                {role}
              </Tag>
            </span>
            <Button
              icon={<LogoutOutlined />}
              loading={isSigningOut}
              onClick={() => void signOut()}
              data-testid="ops-sign-out"
              aria-label={isNarrow ? t('layout.signOut') : undefined}
            >
              {isNarrow ? null : t('layout.signOut')}
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className="cz-ops-content">
          <main>
            <Suspense
              fallback={
                <div className="cz-ops-loading" aria-busy="true">
                  <Spin />
                </div>
              }
            >
              {children}
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

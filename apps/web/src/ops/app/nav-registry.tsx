/**
 * THE navigation of the back office: every page, in menu order, with the route whose roles see it.
 * Only pages that exist are listed (no placeholder): an area adds its entry here when its page
 * lands, at its place in this order: Dashboard, Accounts, Users, Reviews, Finance, Catalogue &
 * issuance, Operators, My account. The landing route (`/`) opens the first page the operator's
 * role sees. A page is `apps/web/src/ops/features/<area>/…-page.tsx` with a default export.
 */
import {
  AppstoreOutlined,
  DashboardOutlined,
  KeyOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { lazy } from 'react';
import { chunkLoader } from '@/lib/lazy';
import type { TOpsNavItem } from './nav-types';

export const opsNav: readonly TOpsNavItem[] = [
  {
    key: 'dashboard',
    path: '/dashboard',
    label: { ns: 'opsDashboard', key: 'title' },
    icon: <DashboardOutlined />,
    visibleWith: 'opsDashboard',
    page: lazy(() => import('@/ops/features/dashboard/dashboard-page')),
  },
  {
    key: 'accounts',
    path: '/accounts',
    label: { ns: 'opsAccounts', key: 'nav' },
    icon: <ShopOutlined />,
    visibleWith: 'opsSearchAccounts',
    page: lazy(chunkLoader(() => import('@/ops/features/accounts/accounts-page'))),
  },
  // (Users, Reviews, Finance: added by their areas.)
  {
    key: 'catalogue',
    path: '/catalogue',
    label: { ns: 'opsCatalogue', key: 'catalogue.title' },
    icon: <AppstoreOutlined />,
    visibleWith: 'opsGetCatalogue',
    page: lazy(() => import('@/ops/features/catalogue/catalogue-page')),
  },
  {
    key: 'issuance',
    path: '/issuance',
    label: { ns: 'opsCatalogue', key: 'issuance.title' },
    icon: <KeyOutlined />,
    visibleWith: 'opsListLicenses',
    page: lazy(() => import('@/ops/features/issuance/issuance-page')),
  },
  {
    key: 'my-account',
    path: '/my-account',
    label: { ns: 'opsShell', key: 'nav.myAccount' },
    icon: <UserOutlined />,
    visibleWith: 'opsMe',
    page: lazy(chunkLoader(() => import('@/ops/features/my-account/my-account-page'))),
  },
];

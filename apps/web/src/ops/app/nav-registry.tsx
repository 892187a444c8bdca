/**
 * THE navigation of the back office: every page, in menu order, with the route whose roles see it.
 * Only pages that exist are listed (no placeholder): an area adds its entry here when its page
 * lands, at its place in this order: Dashboard, Accounts, Users, Reviews, Finance, Catalogue &
 * issuance, Operators, My account. The landing route (`/`) opens the first page the operator's
 * role sees. A page is `apps/web/src/ops/features/<area>/…-page.tsx` with a default export.
 */
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  DashboardOutlined,
  KeyOutlined,
  SafetyOutlined,
  ShopOutlined,
  TeamOutlined,
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
    page: lazy(chunkLoader(() => import('@/ops/features/dashboard/dashboard-page'))),
  },
  {
    key: 'accounts',
    path: '/accounts',
    label: { ns: 'opsAccounts', key: 'nav' },
    icon: <ShopOutlined />,
    visibleWith: 'opsSearchAccounts',
    page: lazy(chunkLoader(() => import('@/ops/features/accounts/accounts-page'))),
  },
  {
    key: 'users',
    path: '/users',
    label: { ns: 'opsSupport', key: 'nav' },
    icon: <TeamOutlined />,
    visibleWith: 'opsSupportSearchUsers',
    page: lazy(chunkLoader(() => import('@/ops/features/support/users-page'))),
  },
  {
    key: 'reviews',
    path: '/reviews',
    label: { ns: 'opsReviews', key: 'nav.reviews' },
    icon: <AuditOutlined />,
    visibleWith: 'opsReviewSummary',
    page: lazy(chunkLoader(() => import('@/ops/features/reviews/reviews-page'))),
  },
  {
    key: 'finance',
    path: '/finance',
    label: { ns: 'opsFinance', key: 'nav' },
    icon: <AccountBookOutlined />,
    visibleWith: 'opsFinanceAdjustments',
    page: lazy(chunkLoader(() => import('@/ops/features/finance/finance-page'))),
  },
  {
    key: 'catalogue',
    path: '/catalogue',
    label: { ns: 'opsCatalogue', key: 'catalogue.title' },
    icon: <AppstoreOutlined />,
    visibleWith: 'opsGetCatalogue',
    page: lazy(chunkLoader(() => import('@/ops/features/catalogue/catalogue-page'))),
  },
  {
    key: 'issuance',
    path: '/issuance',
    label: { ns: 'opsCatalogue', key: 'issuance.title' },
    icon: <KeyOutlined />,
    visibleWith: 'opsListLicenses',
    page: lazy(chunkLoader(() => import('@/ops/features/issuance/issuance-page'))),
  },
  {
    key: 'operators',
    path: '/operators',
    label: { ns: 'opsShell', key: 'nav.operators' },
    icon: <SafetyOutlined />,
    visibleWith: 'opsListOperators',
    page: lazy(chunkLoader(() => import('@/ops/features/operators/operators-page'))),
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

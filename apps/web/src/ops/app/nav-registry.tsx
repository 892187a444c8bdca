/**
 * THE navigation of the back office: every page, in menu order, with the route whose roles see it.
 * Only pages that exist are listed (no placeholder): an area adds its entry here when its page
 * lands, at its place in this order: Dashboard, Accounts, Users, Reviews, Finance, Catalogue &
 * issuance, Operators, My account. The landing route (`/`) opens the first page the operator's
 * role sees. A page is `apps/web/src/ops/features/<area>/…-page.tsx` with a default export.
 */
import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { TOpsNavItem } from './nav-types';

export const opsNav: readonly TOpsNavItem[] = [
  // (Dashboard, Accounts, Users, Reviews, Finance, Catalogue & issuance: added by their areas.)
  {
    key: 'operators',
    path: '/operators',
    label: { ns: 'opsShell', key: 'nav.operators' },
    icon: <TeamOutlined />,
    visibleWith: 'opsListOperators',
    page: lazy(() => import('@/ops/features/operators/operators-page')),
  },
  {
    key: 'my-account',
    path: '/my-account',
    label: { ns: 'opsShell', key: 'nav.myAccount' },
    icon: <UserOutlined />,
    visibleWith: 'opsMe',
    page: lazy(() => import('@/ops/features/my-account/my-account-page')),
  },
];

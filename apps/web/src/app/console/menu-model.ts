/**
 * The left menu of the console shell (spec sections 2 and 6), as data. It lists only what the user
 * can open (decision 0038), the same in the sidebar and in a phone's menu drawer:
 * - an item shows by its menu resource (type 0);
 * - accountManage shows when userManage or workbench is allowed; its account center needs
 *   workbench, its user management and SSO configuration userManage;
 * - billing shows when billing applies to the account (checkBill) and the user has its menu
 *   resource ("hidden when the cru feature is disabled or not permitted"); it holds Consumption
 *   (/billing), Statements (/billing/cost) and Account funds (/billing/balance);
 * - every console route, sub-pages included, highlights its menu item (selectedMenuKeys).
 * An item the user may not open is left out rather than greyed with a "No permission" tooltip
 * (spec section 6), which a phone cannot show. The route guard still refuses such a page (/noAuth):
 * the menu is not security.
 */
import type { TAuthVo } from '@console/contract';
import { ResourceType } from '@console/contract/enums';
import type { TConsoleRouteId } from '@/config/console-routes';
import { hasResource } from '@/lib/permissions';

export type TMenuKey =
  | 'workbench'
  | 'accountManage'
  | 'accountInfo'
  | 'userManage'
  | 'sso'
  | 'serviceManage'
  | 'billing'
  | 'consumption'
  | 'cost'
  | 'balance'
  | 'auditManage';

export type TMenuNode = {
  key: TMenuKey;
  /** The route the item opens (groups have none). */
  routeId?: TConsoleRouteId;
  children?: TMenuNode[];
};

export type TMenuInput = {
  auths: readonly TAuthVo[];
  /** Billing applies to the account (`checkBill`: the cru billing feature and the account's flag). */
  isBillingAvailable: boolean;
};

/** The items the user can open, in the spec's order; a group shows when one of its items does. */
export function buildMenu({ auths, isBillingAvailable }: TMenuInput): TMenuNode[] {
  const can = (name: string) => hasResource(auths, name, ResourceType.menu);
  const items: TMenuNode[] = [];
  if (can('workbench')) items.push({ key: 'workbench', routeId: 'workbench' });
  const account: TMenuNode[] = [];
  if (can('workbench')) account.push({ key: 'accountInfo', routeId: 'accountInfo' });
  if (can('userManage')) {
    // Single sign-on configuration: administrators, who have the userManage menu.
    account.push({ key: 'userManage', routeId: 'userManage' }, { key: 'sso', routeId: 'sso' });
  }
  if (account.length > 0) items.push({ key: 'accountManage', children: account });
  if (can('serviceManage')) items.push({ key: 'serviceManage', routeId: 'serviceManage' });
  if (isBillingAvailable && can('billing')) {
    items.push({
      key: 'billing',
      children: [
        // Consumption (/billing) with its alerts and webhooks, then statements, then funds.
        { key: 'consumption', routeId: 'billing' },
        { key: 'cost', routeId: 'cost' },
        { key: 'balance', routeId: 'balance' },
      ],
    });
  }
  if (can('auditManage')) items.push({ key: 'auditManage', routeId: 'auditManage' });
  return items;
}

/** The menu keys to highlight for a route (the item and its group). */
export function selectedMenuKeys(routeId: TConsoleRouteId): { selected: TMenuKey[]; open: TMenuKey[] } {
  switch (routeId) {
    case 'workbench':
      return { selected: ['workbench'], open: [] };
    case 'accountInfo':
    case 'authentication':
      return { selected: ['accountInfo'], open: ['accountManage'] };
    case 'userManage':
      return { selected: ['userManage'], open: ['accountManage'] };
    case 'sso':
      return { selected: ['sso'], open: ['accountManage'] };
    case 'serviceManage':
    case 'insightUserManage':
      return { selected: ['serviceManage'], open: [] };
    case 'billing':
      return { selected: ['consumption'], open: ['billing'] };
    case 'balance':
    case 'topUp':
      return { selected: ['balance'], open: ['billing'] };
    case 'cost':
    case 'monthBill':
      return { selected: ['cost'], open: ['billing'] };
    case 'auditManage':
      return { selected: ['auditManage'], open: [] };
  }
}

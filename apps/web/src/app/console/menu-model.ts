/**
 * The left menu of the console shell (spec sections 2 and 6), as data:
 * - an item is enabled by its menu resource (type 0);
 * - accountManage is disabled unless userManage or workbench is allowed; its account center needs
 *   workbench, its user management and SSO configuration userManage;
 * - billing is hidden (not greyed out) when billing does not apply to the account (checkBill) or
 *   the user lacks its menu resource ("hidden when the cru feature is disabled or not permitted");
 *   it holds Consumption (/billing), Statements (/billing/cost) and Account funds (/billing/balance);
 * - every console route, sub-pages included, highlights its menu item (selectedMenuKeys).
 * Disabled items carry the "No permission" tooltip in the shell.
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
  isDisabled: boolean;
  children?: TMenuNode[];
};

export type TMenuInput = {
  auths: readonly TAuthVo[];
  /** Billing applies to the account (`checkBill`: the cru billing feature and the account's flag). */
  isBillingAvailable: boolean;
};

export function buildMenu({ auths, isBillingAvailable }: TMenuInput): TMenuNode[] {
  const can = (name: string) => hasResource(auths, name, ResourceType.menu);
  const workbench = can('workbench');
  const userManage = can('userManage');
  const billing = can('billing');

  const items: TMenuNode[] = [
    { key: 'workbench', routeId: 'workbench', isDisabled: !workbench },
    {
      key: 'accountManage',
      isDisabled: !(workbench || userManage),
      children: [
        { key: 'accountInfo', routeId: 'accountInfo', isDisabled: !workbench },
        { key: 'userManage', routeId: 'userManage', isDisabled: !userManage },
        // Single sign-on configuration: administrators, who have the userManage menu.
        { key: 'sso', routeId: 'sso', isDisabled: !userManage },
      ],
    },
    { key: 'serviceManage', routeId: 'serviceManage', isDisabled: !can('serviceManage') },
  ];
  if (isBillingAvailable && billing) {
    items.push({
      key: 'billing',
      isDisabled: false,
      children: [
        // Consumption (/billing) with its alerts and webhooks, then statements, then funds.
        { key: 'consumption', routeId: 'billing', isDisabled: false },
        { key: 'cost', routeId: 'cost', isDisabled: false },
        { key: 'balance', routeId: 'balance', isDisabled: false },
      ],
    });
  }
  items.push({ key: 'auditManage', routeId: 'auditManage', isDisabled: !can('auditManage') });
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

import type { TAuthVo } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { consoleRoutes, type TConsoleRouteId } from '@/config/console-routes';
import { buildMenu, selectedMenuKeys, type TMenuKey, type TMenuNode } from './menu-model';

const auth = (resourceName: string, resourceType: 0 | 1 = 0): TAuthVo => ({ resourceName, resourceType });
const all = ['workbench', 'userManage', 'serviceManage', 'billing', 'auditManage'].map((n) => auth(n));

function find(nodes: TMenuNode[], key: TMenuKey): TMenuNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = n.children ? find(n.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Every key of the menu, groups and their items, in order. */
function keysOf(nodes: TMenuNode[]): TMenuKey[] {
  return nodes.flatMap((n) => [n.key, ...keysOf(n.children ?? [])]);
}

describe('the console menu', () => {
  it('lists every item in the spec order for a full user', () => {
    const menu = buildMenu({ auths: all, isBillingAvailable: true });
    expect(menu.map((n) => n.key)).toEqual([
      'workbench',
      'accountManage',
      'serviceManage',
      'billing',
      'auditManage',
    ]);
    expect(find(menu, 'accountManage')?.children?.map((n) => n.key)).toEqual([
      'accountInfo',
      'userManage',
      'sso',
    ]);
    expect(find(menu, 'billing')?.children?.map((n) => n.key)).toEqual(['consumption', 'cost', 'balance']);
    // Every item opens a page; only groups have none.
    const leaves = (nodes: TMenuNode[]): TMenuNode[] =>
      nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));
    expect(leaves(menu).every((n) => n.routeId !== undefined)).toBe(true);
  });

  it('shows an item only by its menu resource (type 0, not type 1), and leaves the others out', () => {
    const menu = buildMenu({ auths: [auth('workbench'), auth('auditManage', 1)], isBillingAvailable: true });
    expect(keysOf(menu)).toEqual(['workbench', 'accountManage', 'accountInfo']);
    expect(find(menu, 'auditManage')).toBeUndefined();
    expect(find(menu, 'serviceManage')).toBeUndefined();
  });

  it('shows a member (workbench and services) no user management, SSO, billing or audit', () => {
    // The member role's menu resources (account.repository.ts on the server).
    const member = buildMenu({ auths: [auth('workbench'), auth('serviceManage')], isBillingAvailable: true });
    expect(keysOf(member)).toEqual(['workbench', 'accountManage', 'accountInfo', 'serviceManage']);
  });

  it('shows accountManage only with userManage or workbench, and in it only what these open', () => {
    expect(
      find(buildMenu({ auths: [auth('serviceManage')], isBillingAvailable: true }), 'accountManage'),
    ).toBe(undefined);
    const onlyUsers = buildMenu({ auths: [auth('userManage')], isBillingAvailable: true });
    expect(find(onlyUsers, 'accountManage')?.children?.map((n) => n.key)).toEqual(['userManage', 'sso']);
    const onlyWorkbench = buildMenu({ auths: [auth('workbench')], isBillingAvailable: true });
    expect(find(onlyWorkbench, 'accountManage')?.children?.map((n) => n.key)).toEqual(['accountInfo']);
    // Nothing at all: an empty menu, no group without items.
    expect(buildMenu({ auths: [], isBillingAvailable: true })).toEqual([]);
  });

  it('hides billing when the billing feature is off, even with the permission', () => {
    const menu = buildMenu({ auths: all, isBillingAvailable: false });
    expect(find(menu, 'billing')).toBeUndefined();
    expect(menu.map((n) => n.key)).toEqual(['workbench', 'accountManage', 'serviceManage', 'auditManage']);
  });

  it('hides billing when billing applies but is not permitted', () => {
    const menu = buildMenu({
      auths: all.filter((a) => a.resourceName !== 'billing'),
      isBillingAvailable: true,
    });
    expect(find(menu, 'billing')).toBeUndefined();
    expect(find(menu, 'balance')).toBeUndefined();
    expect(menu.map((n) => n.key)).toEqual(['workbench', 'accountManage', 'serviceManage', 'auditManage']);
    // A billing resource of the operation type (1) is not the menu's.
    expect(
      find(buildMenu({ auths: [auth('billing', 1)], isBillingAvailable: true }), 'billing'),
    ).toBeUndefined();
  });

  it('shows billing, with its three pages, when billing applies and is permitted', () => {
    const menu = buildMenu({ auths: [auth('billing')], isBillingAvailable: true });
    expect(keysOf(menu)).toEqual(['billing', 'consumption', 'cost', 'balance']);
  });

  it('highlights a menu item for every console route, sub-pages included', () => {
    const menu = buildMenu({ auths: all, isBillingAvailable: true });
    const expected: Record<TConsoleRouteId, TMenuKey> = {
      workbench: 'workbench',
      accountInfo: 'accountInfo',
      authentication: 'accountInfo',
      userManage: 'userManage',
      sso: 'sso',
      serviceManage: 'serviceManage',
      insightUserManage: 'serviceManage',
      billing: 'consumption',
      cost: 'cost',
      monthBill: 'cost',
      balance: 'balance',
      topUp: 'balance',
      auditManage: 'auditManage',
    };
    for (const route of consoleRoutes) {
      const keys = selectedMenuKeys(route.id);
      expect(keys.selected, route.id).toEqual([expected[route.id]]);
      // The highlighted item exists in the menu, and its group is opened.
      expect(find(menu, expected[route.id]), route.id).toBeDefined();
      const group = menu.find((n) => n.children?.some((c) => c.key === expected[route.id]));
      expect(keys.open, route.id).toEqual(group ? [group.key] : []);
    }
  });

  it('opens each billing item on its own route', () => {
    const menu = buildMenu({ auths: all, isBillingAvailable: true });
    expect(find(menu, 'billing')?.children?.map((n) => n.routeId)).toEqual(['billing', 'cost', 'balance']);
  });
});

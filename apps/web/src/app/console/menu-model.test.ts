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

describe('the console menu', () => {
  it('lists the items in the spec order with every item enabled for a full user', () => {
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
    const disabled = (nodes: TMenuNode[]): string[] =>
      nodes.flatMap((n) => [...(n.isDisabled ? [n.key] : []), ...disabled(n.children ?? [])]);
    expect(disabled(menu)).toEqual([]);
  });

  it('enables an item only by its menu resource (type 0, not type 1)', () => {
    const menu = buildMenu({ auths: [auth('workbench'), auth('auditManage', 1)], isBillingAvailable: true });
    expect(find(menu, 'workbench')?.isDisabled).toBe(false);
    expect(find(menu, 'auditManage')?.isDisabled).toBe(true);
    expect(find(menu, 'serviceManage')?.isDisabled).toBe(true);
  });

  it('disables accountManage unless userManage or workbench is allowed', () => {
    expect(
      find(buildMenu({ auths: [auth('serviceManage')], isBillingAvailable: true }), 'accountManage')
        ?.isDisabled,
    ).toBe(true);
    const onlyUsers = buildMenu({ auths: [auth('userManage')], isBillingAvailable: true });
    expect(find(onlyUsers, 'accountManage')?.isDisabled).toBe(false);
    expect(find(onlyUsers, 'accountInfo')?.isDisabled).toBe(true);
    expect(find(onlyUsers, 'userManage')?.isDisabled).toBe(false);
    expect(find(onlyUsers, 'sso')?.isDisabled).toBe(false);
    const onlyWorkbench = buildMenu({ auths: [auth('workbench')], isBillingAvailable: true });
    expect(find(onlyWorkbench, 'accountManage')?.isDisabled).toBe(false);
    expect(find(onlyWorkbench, 'accountInfo')?.isDisabled).toBe(false);
    expect(find(onlyWorkbench, 'userManage')?.isDisabled).toBe(true);
    expect(find(onlyWorkbench, 'sso')?.isDisabled).toBe(true);
  });

  it('hides billing when the billing feature is off, even with the permission', () => {
    const menu = buildMenu({ auths: all, isBillingAvailable: false });
    expect(find(menu, 'billing')).toBeUndefined();
    expect(menu.map((n) => n.key)).toEqual(['workbench', 'accountManage', 'serviceManage', 'auditManage']);
  });

  it('hides billing, rather than greying it out, when billing applies but is not permitted', () => {
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

  it('shows billing enabled, with its three pages, when billing applies and is permitted', () => {
    const menu = buildMenu({ auths: [auth('billing')], isBillingAvailable: true });
    expect(find(menu, 'billing')).toMatchObject({ isDisabled: false });
    expect(find(menu, 'billing')?.children?.map((n) => [n.key, n.isDisabled])).toEqual([
      ['consumption', false],
      ['cost', false],
      ['balance', false],
    ]);
    // The other items keep the disabled-with-tooltip behaviour (section 6).
    expect(find(menu, 'workbench')?.isDisabled).toBe(true);
    expect(find(menu, 'auditManage')?.isDisabled).toBe(true);
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

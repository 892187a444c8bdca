/** Resource authorisations (spec section 6): menus are type 0, operations type 1 (the default). */
import type { TAuthVo, TMeta } from '@console/contract';
import { ResourceType, type TMenuResource, type TResourceType } from '@console/contract/enums';

/** A resource check compares name and type (default type 1). */
export function hasResource(
  auths: readonly TAuthVo[],
  name: string,
  type: TResourceType = ResourceType.operation,
): boolean {
  return auths.some((a) => a.resourceName === name && a.resourceType === type);
}

export type TPermissionContext = {
  auths: readonly TAuthVo[];
  /** The cru billing feature: on in the meta and for the account (getAccountBaseInfo.billingEnabled). */
  isBillingAvailable: boolean;
};

/** Whether the user may open a menu resource; billing also needs the billing feature. */
export function canOpenMenu(resource: TMenuResource, ctx: TPermissionContext): boolean {
  const isAllowed = hasResource(ctx.auths, resource, ResourceType.menu);
  return resource === 'billing' ? isAllowed && ctx.isBillingAvailable : isAllowed;
}

export function isBillingAvailable(
  meta: Pick<TMeta, 'features'>,
  billingEnabled: boolean | undefined,
): boolean {
  return meta.features.cruBilling && billingEnabled === true;
}

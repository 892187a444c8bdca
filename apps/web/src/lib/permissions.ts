/** Resource authorisations (spec section 6): menus are type 0, operations type 1 (the default). */
import type { TAuthVo, TRouteData } from '@console/contract';
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
  /** Billing applies to the account (`checkBill`: the cru billing feature and the account's flag). */
  isBillingAvailable: boolean;
};

/** Whether the user may open a menu resource; billing also needs the billing feature. */
export function canOpenMenu(resource: TMenuResource, ctx: TPermissionContext): boolean {
  const isAllowed = hasResource(ctx.auths, resource, ResourceType.menu);
  return resource === 'billing' ? isAllowed && ctx.isBillingAvailable : isAllowed;
}

/**
 * Whether billing applies, from the answer of `checkBill` (which folds in the deployment's cru
 * billing feature and the account's own flag); no answer yet is no.
 */
export function isBillingAvailable(
  check: Pick<TRouteData<'checkBill'>, 'billingEnabled'> | undefined,
): boolean {
  return check?.billingEnabled === true;
}

/**
 * Whether billing applies to an account (`GET /account/checkBill`): the deployment's cru billing
 * feature and the account's own billing flag. One rule for the route, the workbench and the
 * actions that need funds (decision 0019).
 */
import { AccountStatus } from '@console/contract/enums';

/** The part of the configuration the rule reads (the lib does not import the config module). */
type TBillingFeature = { features: { cruBilling: boolean } };

export function billingApplies(config: TBillingFeature, account: { billingEnabled: boolean }): boolean {
  return config.features.cruBilling && account.billingEnabled;
}

/**
 * In arrears where billing applies: usage left an amount outstanding that no cash or voucher
 * paid (account status owe 3; a credit that pays it returns the account to normal).
 */
export function isInArrears(
  config: TBillingFeature,
  account: { billingEnabled: boolean; status: number },
): boolean {
  return billingApplies(config, account) && account.status === AccountStatus.owe;
}

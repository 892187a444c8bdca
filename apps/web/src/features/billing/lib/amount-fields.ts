/**
 * Reading the billing record (spec section 3): every amount has a `discount…` variant; the
 * discounted amounts are the main values and the plain ones the original prices.
 */
import { discountField, type TBillingAmountField, type TSkuCategory } from '@console/contract/billing-enums';

/** The amount of a field of the billing record (a yuan text), or undefined. */
export function amountOf(record: object, field: string): string | undefined {
  const value = (record as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** The discounted amount of a field (the main value): `discountTotalAmount` for `totalAmount`. */
export function discountedOf(record: object, field: TBillingAmountField): string | undefined {
  return amountOf(record, discountField(field));
}

/** The original (list price) amount of a field. */
export function originalOf(record: object, field: TBillingAmountField): string | undefined {
  return amountOf(record, field);
}

/** The amount field of each category. */
export const categoryFields: Record<TSkuCategory, TBillingAmountField> = {
  compute: 'computeAmount',
  storage: 'storageAmount',
  network: 'networkAmount',
  ai: 'aiAmount',
};

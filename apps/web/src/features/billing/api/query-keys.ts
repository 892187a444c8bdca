/** Query keys of the billing pages. */
import type { TBillingFilter } from '@console/contract';

export const billingKeys = {
  all: ['billing'] as const,
  count: (filter: TBillingFilter) => ['billing', 'count', filter] as const,
  details: (filter: TBillingFilter, pageNo: number, pageSize: number) =>
    ['billing', 'details', filter, pageNo, pageSize] as const,
  cspRegions: ['billing', 'cspRegions'] as const,
  skus: ['billing', 'skus'] as const,
  statementYears: ['billing', 'statements', 'years'] as const,
  statements: (year: number | null, pageNo: number) =>
    ['billing', 'statements', 'list', year, pageNo] as const,
  statement: (id: number) => ['billing', 'statements', 'detail', id] as const,
  funds: ['billing', 'funds'] as const,
  vouchers: (state: string | null, pageNo: number) => ['billing', 'vouchers', state, pageNo] as const,
  transactions: (type: string | null, pageNo: number) => ['billing', 'transactions', type, pageNo] as const,
  deductions: (pageNo: number) => ['billing', 'deductions', pageNo] as const,
  remittances: (pageNo: number) => ['billing', 'remittances', pageNo] as const,
  remittanceInfo: ['billing', 'remittanceInfo'] as const,
  recharge: (rechargeId: string) => ['billing', 'recharge', rechargeId] as const,
  alert: ['billing', 'alert'] as const,
  users: ['billing', 'users'] as const,
  webhooks: ['billing', 'webhooks'] as const,
  deliveries: (webhookId: number, pageNo: number) => ['billing', 'deliveries', webhookId, pageNo] as const,
};

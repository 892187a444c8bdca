import type { TSkuUnit } from '@console/contract/billing-enums';

/**
 * Column headers, sheet names and units of the billing exports (XLSX and CSV), written by the
 * server; the units also name usage in the bill's answers.
 */
const billingExport = {
  detailSheet: 'Bill details',
  statementSheet: 'Statement',
  columns: {
    date: 'Date',
    month: 'Month',
    instance: 'Instance',
    service: 'Service',
    region: 'Region',
    workspace: 'Workspace',
    category: 'Category',
    sku: 'Billing item',
    usage: 'Usage',
    unit: 'Unit',
    unitPrice: 'Unit price',
    originalAmount: 'Consumption at original price',
    discountedAmount: 'Discounted consumption',
    payableAmount: 'Amount payable',
    voucherDeduction: 'Voucher deduction',
    outstandingAmount: 'Arrears incurred',
    cashPayment: 'Cash payment',
    discountRate: 'Comprehensive discount rate',
  },
  categories: { compute: 'Compute', storage: 'Storage', network: 'Network', ai: 'AI' },
  withUnit: '{{name}} ({{unit}})',
  /** The SKUs' units, by the catalogue's name of each. */
  units: {
    'CRU-hour': 'CRU-hour',
    'GiB-day': 'GiB-day',
    GB: 'GB',
    '1K tokens': '1K tokens',
  } satisfies Record<TSkuUnit, string>,
  minorUnits: { CNY: 'fen', USD: 'cents' },
  total: 'Total',
};

export default billingExport;

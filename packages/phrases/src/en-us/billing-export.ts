/** Column headers and sheet names of the billing exports (XLSX and CSV), written by the server. */
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
    outstandingAmount: 'Outstanding amount',
    cashPayment: 'Cash payment',
    discountRate: 'Comprehensive discount rate',
  },
  categories: { compute: 'Compute', storage: 'Storage', network: 'Network', ai: 'AI' },
  withUnit: '{{name}} ({{unit}})',
  minorUnits: { CNY: 'fen', USD: 'cents' },
  total: 'Total',
};

export default billingExport;

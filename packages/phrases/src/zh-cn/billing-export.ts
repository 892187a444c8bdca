import type en from '../en-us/billing-export';

/** 账单导出（XLSX、CSV）的列名、工作表名与单位，由服务端写入；单位也用于账单接口中的用量。 */
const billingExport: typeof en = {
  detailSheet: '账单明细',
  statementSheet: '月账单',
  columns: {
    date: '日期',
    month: '月份',
    instance: '实例',
    service: '服务',
    region: '地域',
    workspace: '工作空间',
    category: '类别',
    sku: '计费项',
    usage: '用量',
    unit: '单位',
    unitPrice: '单价',
    originalAmount: '原价消费金额',
    discountedAmount: '优惠后消费金额',
    payableAmount: '应付金额',
    voucherDeduction: '代金券抵扣',
    outstandingAmount: '产生欠费',
    cashPayment: '现金支付',
    discountRate: '综合折扣率',
  },
  categories: { compute: '计算', storage: '存储', network: '网络', ai: 'AI' },
  withUnit: '{{name}}（{{unit}}）',
  units: {
    'CRU-hour': 'CRU·小时',
    'GiB-day': 'GiB·天',
    GB: 'GB',
    '1K tokens': '千 Token',
  },
  minorUnits: { CNY: '分', USD: '美分' },
  total: '合计',
};

export default billingExport;

import type { TPhrases } from '../types';

const payment: TPhrases['payment'] = {
  orderSubject: '账户 {{account}} 充值',
  devGateway: {
    pageTitle: '{{provider}}：开发环境支付',
    providers: { wechat: '微信支付', alipay: '支付宝' },
    notice: '开发模式下，此页面扮演支付服务商（相当于扫码后支付应用中的页面）。生产模式没有此页面。',
    merchant: '收款方',
    amount: '金额',
    order: '订单号',
    status: '状态',
    statuses: { NOTPAY: '待支付', SUCCESS: '已支付', CLOSED: '已关闭' },
    pay: '支付',
    cancel: '取消',
    paid: '支付成功，已通知收款方。',
    paidNotNotified: '支付成功，但通知收款方失败（{{error}}）。收款方查询订单时会发现这笔支付。',
    cancelled: '已取消支付，订单仍未支付。',
    notPayable: '此订单已无法支付。',
    unknown: '订单不存在。',
    back: '返回订单',
  },
};

export default payment;

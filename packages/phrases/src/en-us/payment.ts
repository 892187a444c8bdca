/**
 * Texts of payments: the order subject payers see in their payment app, and the development
 * payment gateway's page (`/api/dev/pay/{rechargeId}`; never in production mode).
 */
const payment = {
  orderSubject: 'Top-up of account {{account}}',
  devGateway: {
    pageTitle: '{{provider}}: development payment',
    providers: { wechat: 'WeChat Pay', alipay: 'Alipay' },
    notice:
      'This page plays the payment provider in development mode, as its app would after scanning the QR code. Production mode has no such page.',
    merchant: 'Merchant',
    amount: 'Amount',
    order: 'Order',
    status: 'Status',
    statuses: { NOTPAY: 'Waiting for payment', SUCCESS: 'Paid', CLOSED: 'Closed' },
    pay: 'Pay',
    cancel: 'Cancel',
    paid: 'Payment complete. The merchant was notified.',
    paidNotNotified:
      'Payment complete, but the notification to the merchant failed ({{error}}). The merchant will find the payment when it queries the order.',
    cancelled: 'Payment cancelled. The order stays unpaid.',
    notPayable: 'This order cannot be paid any more.',
    unknown: 'No such order.',
    back: 'Back to the order',
  },
};

export default payment;

/**
 * The balance alert form (spec sections 3 and 9): the low-balance amount is a yuan amount greater
 * than 0 with at most two decimals (checked as fen); SMS and e-mail need recipients; the webhook
 * method needs webhooks.
 */
import type { TAlertConfig, TAlertUpdateRequest } from '@console/contract';
import { BillingLimits, fenToYuan, type TAlertMethod, yuanToFen } from '@console/contract/billing-enums';

export type TAlertFormValues = {
  isLowBalanceEnabled: boolean;
  lowBalanceAmount: string;
  isSmartEnabled: boolean;
  recipientUserIds: number[];
  methods: TAlertMethod[];
  webhookIds: number[];
};

/** Keys of the `validation` phrases. */
export type TAlertErrors = Partial<{
  lowBalanceAmount: 'required' | 'amountFormat' | 'amountPositive';
  recipientUserIds: 'alertRecipients';
  methods: 'required';
  webhookIds: 'alertWebhooks';
}>;

export function alertToForm(config: TAlertConfig): TAlertFormValues {
  return {
    isLowBalanceEnabled: config.isLowBalanceEnabled,
    lowBalanceAmount: config.lowBalanceAmount || fenToYuan(BillingLimits.lowBalanceDefaultFen),
    isSmartEnabled: config.isSmartEnabled,
    recipientUserIds: [...config.recipientUserIds],
    methods: [...config.methods],
    webhookIds: [...config.webhookIds],
  };
}

export function checkAlertForm(values: TAlertFormValues): TAlertErrors {
  const errors: TAlertErrors = {};
  const amount = values.lowBalanceAmount.trim();
  if (!amount) errors.lowBalanceAmount = 'required';
  else {
    const fen = yuanToFen(amount);
    if (fen === null) errors.lowBalanceAmount = 'amountFormat';
    else if (fen <= 0) errors.lowBalanceAmount = 'amountPositive';
  }
  const isAnyAlert = values.isLowBalanceEnabled || values.isSmartEnabled;
  if (isAnyAlert && values.methods.length === 0) errors.methods = 'required';
  const needsPeople = values.methods.includes('sms') || values.methods.includes('email');
  if (isAnyAlert && needsPeople && values.recipientUserIds.length === 0)
    errors.recipientUserIds = 'alertRecipients';
  if (values.methods.includes('webhook') && values.webhookIds.length === 0)
    errors.webhookIds = 'alertWebhooks';
  return errors;
}

export function buildAlertUpdate(values: TAlertFormValues): TAlertUpdateRequest {
  return {
    isLowBalanceEnabled: values.isLowBalanceEnabled,
    lowBalanceAmount: values.lowBalanceAmount.trim(),
    isSmartEnabled: values.isSmartEnabled,
    recipientUserIds: values.recipientUserIds,
    methods: values.methods,
    webhookIds: values.methods.includes('webhook') ? values.webhookIds : [],
  };
}

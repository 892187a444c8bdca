import { describe, expect, it } from 'vitest';
import { alertToForm, buildAlertUpdate, checkAlertForm, type TAlertFormValues } from './alert-form';

const values: TAlertFormValues = {
  isLowBalanceEnabled: true,
  lowBalanceAmount: '50.00',
  isSmartEnabled: true,
  recipientUserIds: [1],
  methods: ['sms', 'email'],
  webhookIds: [],
};

describe('balance alert form', () => {
  it('starts from the stored settings, 50 yuan when none is stored', () => {
    expect(
      alertToForm({
        isLowBalanceEnabled: false,
        lowBalanceAmount: '',
        isSmartEnabled: false,
        smartDays: [7, 5, 3, 1],
        recipientUserIds: [],
        methods: [],
        webhookIds: [],
        updateTime: null,
      }).lowBalanceAmount,
    ).toBe('50.00');
  });

  it('checks the threshold, recipients for SMS and e-mail, and webhooks for the webhook method', () => {
    expect(checkAlertForm(values)).toEqual({});
    expect(checkAlertForm({ ...values, lowBalanceAmount: '0' })).toEqual({
      lowBalanceAmount: 'amountPositive',
    });
    expect(checkAlertForm({ ...values, lowBalanceAmount: '1.234' })).toEqual({
      lowBalanceAmount: 'amountFormat',
    });
    expect(checkAlertForm({ ...values, recipientUserIds: [] })).toEqual({
      recipientUserIds: 'alertRecipients',
    });
    expect(checkAlertForm({ ...values, methods: ['webhook'], recipientUserIds: [] })).toEqual({
      webhookIds: 'alertWebhooks',
    });
    expect(checkAlertForm({ ...values, methods: [] })).toEqual({ methods: 'required' });
  });

  it('sends webhooks only with the webhook method', () => {
    expect(buildAlertUpdate({ ...values, webhookIds: [3] }).webhookIds).toEqual([]);
    expect(buildAlertUpdate({ ...values, methods: ['webhook'], webhookIds: [3] }).webhookIds).toEqual([3]);
  });
});

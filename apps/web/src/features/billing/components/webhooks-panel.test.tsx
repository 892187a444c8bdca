import type { TWebhook, TWebhookDelivery, TWebhookTestResult } from '@console/contract';
import { AlertMessagePlaceholder as P } from '@console/contract/billing-enums';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { WebhooksPanel } from './webhooks-panel';

const failedMessage = 'Webhook send failed. Check the address and the success key and value.';

/** A small webhook server: one webhook, whose test delivers or not as `isReceiving` says. */
let hook: TWebhook;
let isReceiving: boolean;
let deliveries: TWebhookDelivery[];
let toasts: TToast[];
let calls: TApiCall[];
let en: i18n;
let zh: i18n;

function answer(call: TApiCall): unknown {
  if (call.path === '/api/portal/billing/webhook/list') return [hook];
  if (call.path === '/api/portal/billing/webhook/deliveries')
    return { list: deliveries, total: deliveries.length, pageNo: 1, pageSize: 10 };
  if (call.path === '/api/portal/billing/webhook/test') {
    const time = new Date(Date.UTC(2026, 2, 1, 8, deliveries.length)).toISOString();
    const delivery: TWebhookDelivery = {
      id: deliveries.length + 1,
      webhookId: hook.id,
      kind: 'test',
      messageId: `msg_${deliveries.length + 1}`,
      message: 'A test message',
      status: isReceiving ? 'success' : 'failed',
      attempts: 1,
      responseStatus: isReceiving ? 200 : 503,
      error: isReceiving ? null : 'HTTP 503',
      createTime: time,
      finishTime: time,
    };
    deliveries = [delivery, ...deliveries];
    hook = { ...hook, lastDelivery: { status: delivery.status, time } };
    const result: TWebhookTestResult = {
      isSuccess: isReceiving,
      responseStatus: delivery.responseStatus,
      error: delivery.error,
      delivery,
    };
    return isReceiving ? result : { code: 4072, message: failedMessage, data: result };
  }
  return { code: 404, message: 'not found' };
}

beforeAll(async () => {
  en = await consoleI18n('en-US', ['billing', 'common', 'errors']);
  zh = await consoleI18n('zh-CN', ['billing', 'common', 'errors']);
});
beforeEach(() => {
  setMeta(testMeta());
  hook = {
    id: 3,
    name: 'ops_robot',
    description: '',
    url: 'https://hooks.example.com/a',
    channel: 'custom',
    paramsTemplate: `{"text":"${P}"}`,
    successKey: 'code',
    successValue: '0',
    isEnabled: true,
    signingMode: 'none',
    hasSigningSecret: false,
    secretUpdateTime: null,
    createTime: '2026-03-01T00:00:00.000Z',
    updateTime: '2026-03-01T00:00:00.000Z',
    lastDelivery: null,
  };
  isReceiving = false;
  deliveries = [];
  toasts = [];
  // Toasts of the page and of the API client alike.
  setNotifier({
    show: (toast) => toasts.push(toast),
    notifyApiEvent: (event) => toasts.push({ level: 'warning', title: event.type }),
  });
  calls = fakeApi(answer);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

async function sendTest() {
  const row = await screen.findByTestId('webhook-row');
  await act(async () => fireEvent.click(within(row).getByTestId('webhook-test')));
  return row;
}

describe('sending a test to a webhook', () => {
  it('shows one message when the test fails, and the row shows the failed delivery', async () => {
    renderConsole(<WebhooksPanel />, en);
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText('Never')).toBeTruthy();
    await sendTest();

    const result = await screen.findByTestId('webhook-test-result');
    expect(result.getAttribute('data-status')).toBe('failed');
    expect(result.textContent).toBe(`ops_robot: ${failedMessage}`);
    // No toast besides it, from the page or from the API client: the message is on screen once.
    expect(toasts).toEqual([]);
    expect(screen.getAllByText(failedMessage, { exact: false })).toHaveLength(1);

    const status = await within(row).findByTestId('webhook-last-status');
    expect(status.getAttribute('data-status')).toBe('failed');
    expect(status.textContent).toBe('Failed');
    // The list was fetched again after the test: it stays failed, never "Pending".
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/portal/billing/webhook/list')).toHaveLength(2),
    );
    expect(within(row).getByTestId('webhook-last-status').getAttribute('data-status')).toBe('failed');
    expect(within(row).queryByText('Pending')).toBeNull();
  });

  it('shows one message when the test succeeds, and the row moves from failed to succeeded', async () => {
    renderConsole(<WebhooksPanel />, en);
    await sendTest();
    const row = screen.getByTestId('webhook-row');
    await waitFor(() =>
      expect(within(row).getByTestId('webhook-last-status').getAttribute('data-status')).toBe('failed'),
    );

    isReceiving = true;
    await sendTest();
    await waitFor(() =>
      expect(screen.getByTestId('webhook-test-result').getAttribute('data-status')).toBe('success'),
    );
    expect(screen.getByTestId('webhook-test-result').textContent).toBe('ops_robot: Test message delivered');
    expect(screen.queryByText(failedMessage, { exact: false })).toBeNull();
    expect(toasts).toEqual([]);
    const status = within(row).getByTestId('webhook-last-status');
    expect(status.getAttribute('data-status')).toBe('success');
    expect(status.textContent).toBe('Succeeded');
  });

  it('shows the row from the test’s answer before the list comes back', async () => {
    renderConsole(<WebhooksPanel />, en);
    const row = await screen.findByTestId('webhook-row');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', holdingLists(held));
    await sendTest();
    const status = await within(row).findByTestId('webhook-last-status');
    expect(status.getAttribute('data-status')).toBe('failed');
    expect(calls.filter((c) => c.path === '/api/portal/billing/webhook/list')).toHaveLength(1);
    await act(async () => release());
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/portal/billing/webhook/list')).toHaveLength(2),
    );
    expect(within(row).getByTestId('webhook-last-status').getAttribute('data-status')).toBe('failed');
  });

  it('says it in Chinese', async () => {
    isReceiving = true;
    renderConsole(<WebhooksPanel />, zh);
    await sendTest();
    const result = await screen.findByTestId('webhook-test-result');
    expect(result.textContent).toBe('ops_robot: 测试消息发送成功');
    const row = screen.getByTestId('webhook-row');
    await waitFor(() => expect(within(row).getByTestId('webhook-last-status').textContent).toBe('成功'));
    expect(toasts).toEqual([]);
  });
});

/** The fake API, with the list's calls held until `held` settles. */
function holdingLists(held: Promise<void>) {
  const inner = fetch;
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (new URL(url, 'http://console.test').pathname === '/api/portal/billing/webhook/list') await held;
    return inner(url, init);
  });
}

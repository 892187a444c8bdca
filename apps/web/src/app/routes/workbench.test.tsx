/**
 * The workbench opens with one call for its cards: the overview's parts are filed under each
 * card's own query key, so no card asks for its data again; when the overview fails, each card
 * asks for its own.
 */
import {
  BillingAmountFields,
  discountField,
  type TBillingCount,
  type TWorkbenchOverview,
  WorkbenchConsumptionFilter,
  WorkbenchUserCounts,
} from '@console/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import WorkbenchRoute, { preloadWorkbenchCards } from './workbench';
import { workbenchCardRequests } from './workbench-cards';

let en: i18n;
let calls: TApiCall[];
let isOverviewDown: boolean;
let isBilled: boolean;

const amounts = Object.fromEntries(
  BillingAmountFields.flatMap((f) => [
    [f, '12.00'],
    [discountField(f), '10.00'],
  ]),
) as Record<string, string>;

const consumption = {
  ...amounts,
  discountPercent: 0.8333,
  voucherAmount: '0.00',
  cashAmount: '10.00',
  outstandingAmount: '0.00',
  startDate: '2026-10-03',
  endDate: '2026-11-01',
  currency: 'CNY',
  trend: [],
} as unknown as TBillingCount;

const userList = (total: number) => ({
  list: [],
  total,
  isTotalCapped: false,
  pageNo: 1,
  pageSize: 1,
  nextCursor: null,
  prevCursor: null,
  retentionDays: 7,
});

const overview: TWorkbenchOverview = {
  services: [{ id: 1, kind: 1, code: 'lakehouse', name: 'Lakehouse', description: '' }],
  instances: [
    {
      id: 7,
      serviceId: 1,
      serviceKind: 1,
      serviceName: 'Lakehouse',
      versionId: 1,
      versionCode: 'trial',
      versionName: 'Trial',
      regionId: 1,
      csp: 'aliyun',
      cspName: 'Alibaba Cloud',
      region: 'cn-shanghai',
      regionName: 'Shanghai',
      instanceName: 'abcd1234',
      status: 1,
      url: 'https://abcd1234.example.com',
      failReason: null,
      createTime: '2026-10-01T00:00:00.000Z',
      openTime: '2026-10-01T00:00:00.000Z',
      closeTime: null,
    },
  ],
  mfaStatus: {
    enable: false,
    mfaMethodType: null,
    gaAlreadyBinding: false,
    phone: '138****0000',
    email: null,
    accountRequired: false,
    passkeys: 0,
  },
  mfaPolicy: {
    required: false,
    passkeySignIn: false,
    enforcement: {
      isPossible: true,
      blockedBy: null,
      blockedUsers: 0,
      blockedUsernames: [],
      usersToSetUp: 2,
      proof: 'CODE',
      proofChannels: ['SMS'],
    },
  },
  users: { regular: userList(3), service: userList(1) },
  consumption,
  funds: {
    cashAmount: '500.00',
    outstandingAmount: '0.00',
    voucherAmount: '0.00',
    availableAmount: '500.00',
    accountStatus: 0,
    arrearsSince: null,
    servicesPausedAt: null,
    invoiceTypes: ['ordinary'],
    currency: 'CNY',
  },
};

/** What each card's own route answers (the same parts). */
function cardAnswer(call: TApiCall): unknown {
  switch (call.path) {
    case '/api/portal/service/serviceList':
      return overview.services;
    case '/api/portal/account/getAccountInstanceList':
      return overview.instances;
    case '/api/portal/mfa/status':
      return overview.mfaStatus;
    case '/api/portal/mfa/policy':
      return overview.mfaPolicy;
    case '/api/portal/user/userList':
      return (call.body as { kind: string }).kind === 'service'
        ? overview.users?.service
        : overview.users?.regular;
    case '/api/portal/billing/count':
      return overview.consumption;
    case '/api/portal/billing/getAccount':
      return overview.funds;
    default:
      return null;
  }
}

beforeAll(async () => {
  en = await consoleI18n('en-US', ['shell', 'billing', 'users', 'services', 'mfa', 'common']);
  // The feature cards' chunk, as the route's module asks for it when it runs (these tests are about
  // the cards' calls, not the chunk's arrival).
  await preloadWorkbenchCards();
}, 60_000);

beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  isOverviewDown = false;
  isBilled = true;
  calls = fakeApi((call) => {
    switch (call.path) {
      case '/api/portal/user/getCurrentUser':
        return testAdmin;
      case '/api/portal/account/checkBill':
        return { billingEnabled: isBilled, isFeatureEnabled: true, isAccountBilled: isBilled };
      case '/api/portal/account/getAccountDetail':
        return {
          accountVo: {
            id: 1,
            name: 'demo',
            displayName: 'demo',
            type: 1,
            status: 1,
            companyName: null,
            createTime: '2026-01-01T00:00:00.000Z',
          },
          loginAddress: 'demo.accounts.console.test',
          formalApplicationSubmitted: false,
          remainingTrialDays: null,
          trialEndTime: null,
        };
      case '/api/portal/workbench/overview':
        return isOverviewDown ? { code: 500, message: 'down' } : overview;
      default:
        return cardAnswer(call);
    }
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

function renderWorkbench() {
  renderConsole(
    <MemoryRouter initialEntries={['/workbench']}>
      <WorkbenchRoute />
    </MemoryRouter>,
    en,
  );
}

/** Every card of the administrator's workbench shows its data. */
async function cardsShown() {
  await screen.findByTestId('mfa-status');
  await screen.findByTestId('workbench-users-count');
  await screen.findByTestId('workbench-consumption-today');
  await screen.findByTestId('workbench-cash');
  await screen.findByTestId('workbench-instance');
  await screen.findByTestId('login-address');
  await screen.findByTestId('user-card-name');
}

describe('the workbench route', () => {
  it('asks for the cards in one call and no card asks again', async () => {
    renderWorkbench();
    await cardsShown();
    expect(screen.getByTestId('workbench-users-count').textContent).toBe('3');
    const paths = calls.map((c) => c.path).sort();
    expect(paths).toEqual([
      '/api/portal/account/checkBill',
      '/api/portal/account/getAccountDetail',
      '/api/portal/user/getCurrentUser',
      '/api/portal/workbench/overview',
    ]);
  });

  it('leaves the billing cards out when checkBill says billing does not apply', async () => {
    isBilled = false;
    renderWorkbench();
    await screen.findByTestId('mfa-status');
    await screen.findByTestId('workbench-users-count');
    expect(screen.queryByTestId('workbench-consumption-today')).toBeNull();
    expect(screen.queryByTestId('workbench-cash')).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/portal/account/getAccountBaseInfo');
  });

  it('lets each card ask for its own data when the one call fails', async () => {
    isOverviewDown = true;
    renderWorkbench();
    await cardsShown();
    const own = calls.map((c) => c.path).filter((p) => p in pathsOfCards);
    expect(new Set(own)).toEqual(new Set(Object.keys(pathsOfCards)));
  });

  it("files the parts under the keys of the cards' own requests", () => {
    expect(workbenchCardRequests.regularUsers).toEqual(WorkbenchUserCounts.regular);
    expect(workbenchCardRequests.serviceUsers).toEqual(WorkbenchUserCounts.service);
    expect(workbenchCardRequests.consumption).toEqual(WorkbenchConsumptionFilter);
  });

  it('draws placeholders of the cards until the call has settled', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fakeApi(async (call) => {
      if (call.path === '/api/portal/workbench/overview') {
        await gate;
        return overview;
      }
      if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
      return null;
    });
    queryClient.setQueryData(['session', 'checkBill'], {
      billingEnabled: true,
      isFeatureEnabled: true,
      isAccountBilled: true,
    });
    renderWorkbench();
    await waitFor(() => expect(screen.getAllByTestId('workbench-card-loading')).toHaveLength(5));
    expect(screen.queryByTestId('mfa-card')).toBeNull();
    release();
    await screen.findByTestId('mfa-status');
    expect(screen.queryByTestId('workbench-card-loading')).toBeNull();
  });
});

const pathsOfCards: Record<string, true> = {
  '/api/portal/service/serviceList': true,
  '/api/portal/account/getAccountInstanceList': true,
  '/api/portal/mfa/status': true,
  '/api/portal/mfa/policy': true,
  '/api/portal/user/userList': true,
  '/api/portal/billing/count': true,
  '/api/portal/billing/getAccount': true,
};

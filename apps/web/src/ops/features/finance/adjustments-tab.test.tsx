/**
 * The adjustments waiting for approval, as each operator sees them: the requester sees theirs
 * waiting with no button to decide it; another finance operator may approve or reject it; an
 * auditor sees the buttons and the form disabled. The answers are the API's (a stubbed fetch).
 */
import type { TOpsAdjustment, TOpsRole } from '@console/contract/ops';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOpsI18n } from '@/ops/lib/ops-i18n';
import { AdjustmentsTab } from './adjustments-tab';

let i18nInstance: i18n;

beforeAll(async () => {
  i18nInstance = await createOpsI18n('en-US');
  await i18nInstance.loadNamespaces(['opsFinance']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const operator = (id: number, username: string, role: TOpsRole) => ({ id, username, role });

function pending(id: number, requestedBy: ReturnType<typeof operator>): TOpsAdjustment {
  return {
    id,
    accountId: 7,
    accountName: 'fincorp',
    direction: 'credit',
    amountFen: 1_000_001,
    reason: `Claim ${id}`,
    status: 'pending',
    needsApproval: true,
    requestedBy,
    requestedAt: '2026-12-02T05:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    serialNo: null,
    balanceAfterFen: null,
  };
}

/** The signed-in operator is `me`; the list holds one adjustment of theirs and one of another's. */
function answerAs(me: ReturnType<typeof operator>) {
  const list = [pending(1, me), pending(2, operator(99, 'fin.other', 'finance'))];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.startsWith('/api/ops/me')
        ? {
            operator: {
              ...me,
              status: 'active',
              hasAuthenticator: true,
              mustChangePassword: false,
              createdAt: '2026-12-01T00:00:00.000Z',
              lastSignInAt: null,
            },
            secondFactorAt: '2026-12-02T05:00:00.000Z',
            expiresAt: '2026-12-02T13:00:00.000Z',
          }
        : {
            list: url.includes('status=pending') ? list : [],
            total: 2,
            pageNo: 1,
            pageSize: 100,
            currency: 'CNY',
            approvalThresholdFen: 1_000_000,
          };
      return new Response(JSON.stringify({ code: 0, message: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18nInstance}>
        <App>
          <Suspense fallback={null}>
            <AdjustmentsTab />
          </Suspense>
        </App>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

async function pendingRows() {
  const rows = await screen.findAllByTestId('ops-pending-row');
  const byId = (id: number) => rows.find((row) => row.getAttribute('data-id') === String(id));
  return { mine: byId(1) as HTMLElement, other: byId(2) as HTMLElement };
}

describe('adjustments waiting for approval', () => {
  it("the requester sees theirs waiting; another operator's may be approved or rejected", async () => {
    answerAs(operator(5, 'fin.me', 'finance'));
    renderTab();
    await screen.findByText(
      'An adjustment up to ¥10,000.00 takes effect at once. Above it, it waits until another finance operator approves it.',
    );
    const { mine, other } = await pendingRows();
    expect(within(mine).getByTestId('ops-pending-yours').textContent).toBe(
      'Yours: another finance operator decides',
    );
    expect(within(mine).queryByTestId('ops-pending-approve')).toBeNull();
    expect(within(mine).getByTestId('ops-pending-amount').textContent).toBe('+¥10,000.01');
    const approve = within(other).getByTestId('ops-pending-approve');
    expect(approve.hasAttribute('disabled')).toBe(false);
    expect(within(other).getByTestId('ops-pending-reject').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('ops-adjustment-submit').hasAttribute('disabled')).toBe(false);
  });

  it('an auditor sees the adjustments, with every act disabled', async () => {
    answerAs(operator(6, 'aud.me', 'auditor'));
    renderTab();
    const { other } = await pendingRows();
    expect(within(other).getByTestId('ops-pending-approve').hasAttribute('disabled')).toBe(true);
    expect(within(other).getByTestId('ops-pending-reject').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('ops-adjustment-submit').hasAttribute('disabled')).toBe(true);
  });
});

import type { TSharedJobProfile } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import enCommon from '@console/phrases/en-us/common';
import enShare from '@console/phrases/en-us/share';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeLanguage } from '@/lib/language';
import { providePhrases } from '@/lib/phrases';
import { fakeApi, type TApiCall } from '@/testing/console-render';
import ShareJobProfilePage from './share-job-profile';

const shared: TSharedJobProfile = {
  instanceName: 'ab12cd34',
  serviceName: 'Lakehouse',
  expireTime: '2026-11-27T09:00:00.000Z',
  profile: {
    jobId: 'job_20261120090000_1a2b3c4d',
    status: 'FAILED',
    submitTime: '2026-11-20T09:00:00.000Z',
    startTime: '2026-11-20T09:00:00.250Z',
    endTime: '2026-11-20T09:03:20.650Z',
    durationMs: 200_400,
    rowsRead: 271_226_538,
    bytesRead: 20_884_443_426,
    rowsWritten: 0,
    bytesWritten: 0,
    sql: 'SELECT d.segment, sum(f.amount) AS total\nFROM sales.orders f\nJOIN crm.customers d ON f.customer_id = d.customer_id',
    errorMessage: 'Memory limit exceeded in HashJoin (inner) of stage 1',
    nodes: [
      {
        id: 'S0',
        parentId: null,
        kind: 'stage',
        name: 'Stage 0 · scan',
        detail: null,
        timeMs: 150_000,
        rows: 900,
      },
      {
        id: 'S0.1',
        parentId: 'S0',
        kind: 'operator',
        name: 'Exchange',
        detail: 'hash',
        timeMs: 20_000,
        rows: 900,
      },
      {
        id: 'S0.2',
        parentId: 'S0.1',
        kind: 'operator',
        name: 'TableScan',
        detail: 'sales.orders',
        timeMs: 120_000,
        rows: 271_226_538,
      },
      {
        id: 'S1',
        parentId: null,
        kind: 'stage',
        name: 'Stage 1 · join',
        detail: null,
        timeMs: 50_000,
        rows: 12,
      },
      {
        id: 'S1.1',
        parentId: 'S1',
        kind: 'operator',
        name: 'HashJoin (inner)',
        detail: 'f.customer_id = d.customer_id',
        timeMs: 45_000,
        rows: 12,
      },
      {
        id: 'S1.2',
        parentId: 'S1.1',
        kind: 'operator',
        name: 'RemoteSource',
        detail: null,
        timeMs: 1000,
        rows: 900,
      },
    ],
  },
};

let answer: (call: TApiCall) => unknown;
let calls: TApiCall[];

function open(search: string) {
  window.history.replaceState(null, '', `/share/jobProfile${search}`);
  render(<ShareJobProfilePage />);
}

beforeAll(() => {
  storeLanguage('en-US');
  providePhrases('en-US', 'common', enCommon);
  providePhrases('en-US', 'share', enShare);
});
beforeEach(() => {
  answer = () => shared;
  calls = fakeApi((call) => answer(call));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shared job profile page', () => {
  it('reads the profile of the link’s token, without a session', async () => {
    open('?token=tok-123');
    expect(screen.getByTestId('share-loading')).toBeTruthy();
    await screen.findByTestId('share-profile');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/portal/share/jobProfile/view');
    const url = new URL(String(vi.mocked(fetch).mock.calls[0]?.[0]), 'http://console.test');
    expect(url.searchParams.get('token')).toBe('tok-123');
    expect(calls[0]?.headers?.authorization).toBeUndefined();
  });

  it('shows status, times, duration, rows and data in human units, the error, and the SQL', async () => {
    open('?token=tok-123');
    await screen.findByTestId('share-profile');
    expect(screen.getByTestId('share-subtitle').textContent).toContain('Lakehouse instance ab12cd34');
    const summary = screen.getByTestId('profile-summary');
    expect(within(summary).getByTestId('profile-status').textContent).toBe('Failed');
    expect(within(summary).getByTestId('profile-duration').textContent).toBe('3 min 20 s');
    expect(within(summary).getByTestId('profile-rows-read').textContent).toBe('271.2M');
    expect(within(summary).getByTestId('profile-bytes-read').textContent).toBe('19.5 GB');
    expect(within(summary).getByTestId('profile-rows-written').textContent).toBe('0');
    expect(within(summary).getByTestId('profile-bytes-written').textContent).toBe('0 B');
    expect(screen.getByTestId('profile-error').textContent).toContain('Memory limit exceeded');
    expect(screen.getByTestId('profile-sql').textContent).toBe(shared.profile.sql);
  });

  it('draws stages and operators as a tree with times, shares and rows, the slowest highlighted', async () => {
    open('?token=tok-123');
    await screen.findByTestId('share-profile');
    const rows = screen.getAllByTestId('profile-node');
    expect(rows.map((r) => r.getAttribute('data-node'))).toEqual([
      'S0',
      'S0.1',
      'S0.2',
      'S1',
      'S1.1',
      'S1.2',
    ]);
    const scan = rows[2] as HTMLElement;
    expect(within(scan).getByTestId('profile-node-time').textContent).toBe('2 min 0 s');
    expect(within(scan).getByTestId('profile-node-share').textContent).toBe('59.9%');
    expect(within(scan).getByTestId('profile-node-rows').textContent).toBe('271.2M');
    const slowest = rows
      .filter((r) => r.getAttribute('data-slowest') === 'true')
      .map((r) => r.getAttribute('data-node'));
    expect(slowest).toEqual(['S0', 'S0.1', 'S0.2', 'S1.1']);
    for (const row of rows) {
      expect(within(row).queryByTestId('profile-node-slowest') !== null).toBe(
        row.getAttribute('data-slowest') === 'true',
      );
    }
    // Collapse all: only the stages remain; expand all again.
    await act(async () => fireEvent.click(screen.getByTestId('profile-tree-toggle')));
    expect(screen.getAllByTestId('profile-node').map((r) => r.getAttribute('data-node'))).toEqual([
      'S0',
      'S1',
    ]);
    await act(async () => fireEvent.click(screen.getByTestId('profile-tree-toggle')));
    expect(screen.getAllByTestId('profile-node')).toHaveLength(6);
  });

  it.each([
    [ErrorCode.shareLinkInvalid, 'share-invalid', 'This link is not valid'],
    [ErrorCode.shareLinkExpired, 'share-expired', 'This link has expired'],
    [ErrorCode.shareLinkRevoked, 'share-revoked', 'This link was revoked'],
  ])('says so clearly when the link is refused (%i)', async (code, testId, title) => {
    answer = () => ({ code, message: `server message ${code}` });
    open('?token=tok-123');
    const result = await screen.findByTestId(testId);
    expect(result.textContent).toContain(title);
    expect(result.textContent).toContain(`server message ${code}`);
    expect(screen.queryByTestId('share-retry')).toBeNull();
  });

  it('asks for the whole link when the address has no token, without calling the server', async () => {
    open('');
    expect(screen.getByTestId('share-missing').textContent).toContain('This link is incomplete');
    expect(calls).toHaveLength(0);
  });

  it('offers to try again when the instance does not answer', async () => {
    answer = () => ({ code: ErrorCode.jobProfileUnavailable, message: 'The instance did not answer' });
    open('?token=tok-123');
    expect((await screen.findByTestId('share-failed')).textContent).toContain('The instance did not answer');
    answer = () => shared;
    await act(async () => fireEvent.click(screen.getByTestId('share-retry')));
    await waitFor(() => expect(screen.getByTestId('share-profile')).toBeTruthy());
    expect(calls).toHaveLength(2);
  });
});

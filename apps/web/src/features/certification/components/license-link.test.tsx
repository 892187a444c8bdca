import type { TCertification } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type TToast } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, renderConsole } from '@/testing/console-render';
import { CertificationResult } from './certification-result';

const now = new Date().toISOString();
const enterprise = (over: Partial<TCertification> = {}): TCertification => ({
  id: 2,
  type: 'enterprise',
  status: 'passed',
  result: 'CONSISTENT',
  faceError: null,
  manualReview: false,
  reason: null,
  reasonCode: null,
  personName: null,
  idNumberMasked: null,
  companyName: 'Demo Co.',
  creditCode: '91350100M000100Y43',
  legalPersonName: '张三',
  legalPersonIdMasked: '110105********002X',
  bankAccountMasked: '6222********1234',
  bankName: 'ICBC',
  licenseFileId: 'Lic3nseFile0000000000001',
  createTime: now,
  updateTime: now,
  ...over,
});

let en: i18n;
let zh: i18n;
let toasts: TToast[];
let requests: { url: string; body: unknown; headers: Record<string, string> }[];
let answer: () => Response;
let saved: { href: string; download: string }[];

beforeAll(async () => {
  en = await consoleI18n('en-US', ['certification', 'common']);
  zh = await consoleI18n('zh-CN', ['certification', 'common']);
});
beforeEach(() => {
  toasts = [];
  requests = [];
  saved = [];
  setNotifier({ show: (t) => toasts.push(t), notifyApiEvent: () => {} });
  answer = () =>
    new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent('营业执照.png')}`,
      },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        url,
        body: JSON.parse(String(init.body)),
        headers: init.headers as Record<string, string>,
      });
      return answer();
    }),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:licence', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

const show = (certification: TCertification, lang: i18n) =>
  renderConsole(
    <MemoryRouter>
      <CertificationResult certification={certification} />
    </MemoryRouter>,
    lang,
  );

describe('the licence of an enterprise verification', () => {
  it('downloads the uploaded licence under its own name through certification/download', async () => {
    show(enterprise(), en);
    const link = screen.getByTestId('certification-license-view');
    expect(link.textContent).toBe('View licence');
    fireEvent.click(link);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:licence', download: '营业执照.png' }]));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/portal/billing/certification/download');
    expect(requests[0]?.body).toEqual({ fileId: 'Lic3nseFile0000000000001' });
    expect(requests[0]?.headers['x-cz-client']).toBe('web');
    expect(toasts).toEqual([]);
  });

  it("shows the server's message when the download is refused", async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 403, message: '无权访问其他账户的数据', data: null }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      });
    show(enterprise({ status: 'verifying', result: null, manualReview: true }), zh);
    fireEvent.click(screen.getByTestId('certification-license-view'));
    await waitFor(() =>
      expect(toasts).toEqual([
        { level: 'warning', title: '营业执照下载失败', description: '无权访问其他账户的数据' },
      ]),
    );
    expect(saved).toEqual([]);
  });

  it('offers no licence for a personal verification or without an upload', () => {
    show(enterprise({ type: 'personal', licenseFileId: null }), en);
    expect(screen.queryByTestId('certification-license-view')).toBeNull();
    cleanup();
    show(enterprise({ licenseFileId: null }), en);
    expect(screen.queryByTestId('certification-license-view')).toBeNull();
  });
});

describe("an operator's rejection", () => {
  const rejected = (over: Partial<TCertification>) =>
    enterprise({ status: 'failed', result: null, manualReview: true, ...over });

  it("shows the chosen reason's words in the reader's language, then the operator's own", () => {
    show(rejected({ reasonCode: 'expiredLicence', reason: 'Valid until 2025-06-30.' }), zh);
    expect(screen.getByTestId('certification-result-reason').textContent).toBe(
      '原因：营业执照已过期。Valid until 2025-06-30.',
    );
    cleanup();
    show(rejected({ reasonCode: 'expiredLicence', reason: 'Valid until 2025-06-30.' }), en);
    expect(screen.getByTestId('certification-result-reason').textContent).toBe(
      'Reason: The business licence has expired. Valid until 2025-06-30.',
    );
  });

  it('shows the words alone, the chosen "other" as the operator\'s words, and a command\'s reason as it is', () => {
    show(rejected({ reasonCode: 'nameMismatch', reason: null }), en);
    expect(screen.getByTestId('certification-result-reason').textContent).toBe(
      'Reason: The company name does not match the business licence',
    );
    cleanup();
    show(rejected({ reasonCode: 'other', reason: 'Stamp missing' }), en);
    expect(screen.getByTestId('certification-result-reason').textContent).toBe('Reason: Stamp missing');
    cleanup();
    show(rejected({ reasonCode: null, reason: 'blurred' }), zh);
    expect(screen.getByTestId('certification-result-reason').textContent).toBe('原因：blurred');
    cleanup();
    show(enterprise(), en);
    expect(screen.queryByTestId('certification-result-reason')).toBeNull();
  });
});

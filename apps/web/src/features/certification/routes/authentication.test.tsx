import type { TCertification, TCertificationState } from '@console/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole, type TApiCall } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import AuthenticationPage from './authentication';

vi.mock('../api/upload-business-license', () => ({
  uploadBusinessLicense: vi.fn(async (file: File) => ({
    fileId: 'F8f3k2m9x1',
    fileName: file.name,
    size: 4,
  })),
}));

const idNumber = '11010519491231002X';
const creditCode = '91350100M000100Y43';
const now = new Date().toISOString();

const certification = (over: Partial<TCertification> = {}): TCertification => ({
  id: 1,
  type: 'personal',
  status: 'verifying',
  result: null,
  faceError: null,
  manualReview: false,
  reason: null,
  reasonCode: null,
  personName: '张*',
  idNumberMasked: '110105********002X',
  companyName: null,
  creditCode: null,
  legalPersonName: null,
  legalPersonIdMasked: null,
  bankAccountMasked: null,
  bankName: null,
  licenseFileId: null,
  createTime: now,
  updateTime: now,
  ...over,
});

let en: i18n;
let calls: TApiCall[];
let latest: TCertification | null;
let face: { status: 'waiting' | 'passed' | 'failed'; errorCode: string | null };

const state = (): TCertificationState => ({
  certification: latest,
  accountType: latest?.status === 'passed' ? 3 : 2,
  attemptsLeft: 5,
  invoiceTypes: ['ordinary'],
});

beforeAll(async () => {
  en = await consoleI18n('en-US', ['certification', 'common', 'validation']);
});
beforeEach(() => {
  setMeta(testMeta());
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  latest = null;
  face = { status: 'passed', errorCode: null };
  calls = fakeApi((call) => {
    if (call.path === '/api/portal/user/getCurrentUser') return testAdmin;
    if (call.path === '/api/portal/billing/certification/status') return state();
    if (call.path === '/api/portal/billing/certification/personalVerify') {
      latest = certification();
      return {
        certification: latest,
        face: {
          faceToken: 'tok_0123456789abcdef',
          faceUrl: 'http://console.test/faceRecognition?token=tok_0123456789abcdef',
          expireTime: new Date(Date.now() + 600_000).toISOString(),
        },
      };
    }
    if (call.path === '/api/portal/billing/certification/queryfaceVerifyRest') {
      if (face.status === 'passed' && latest) latest = { ...latest, status: 'passed' };
      return face;
    }
    if (call.path === '/api/portal/billing/certification/companyVerify') {
      const body = call.body as { companyName: string };
      latest = certification({
        type: 'enterprise',
        personName: null,
        idNumberMasked: null,
        companyName: body.companyName,
        status: 'failed',
        result: 'NOT_OPERATING_NORMALLY',
      });
      return latest;
    }
    return { code: 404, message: 'not found' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

async function renderPage() {
  renderConsole(
    <MemoryRouter initialEntries={['/accountManage/accountInfo/authentication']}>
      <AuthenticationPage />
    </MemoryRouter>,
    en,
  );
  await screen.findByTestId('certification-page');
}

describe('the verification page', () => {
  it('checks the ID number on the client before calling the server', async () => {
    await renderPage();
    await screen.findByTestId('personal-form');
    fireEvent.change(screen.getByTestId('personal-name'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByTestId('personal-id-number'), { target: { value: '110105194912310021' } });
    await act(async () => fireEvent.click(screen.getByTestId('personal-submit')));
    expect(screen.getByTestId('certification-error-idNumber').textContent).toBe(
      'Enter a valid 18-character resident ID number',
    );
    expect(calls.some((c) => c.path.endsWith('/personalVerify'))).toBe(false);
  });

  it('shows the QR code of the face address and moves on by itself once the face check passed', async () => {
    await renderPage();
    await screen.findByTestId('personal-form');
    fireEvent.change(screen.getByTestId('personal-name'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByTestId('personal-id-number'), { target: { value: idNumber.toLowerCase() } });
    face = { status: 'waiting', errorCode: null };
    await act(async () => fireEvent.click(screen.getByTestId('personal-submit')));
    expect(calls.find((c) => c.path.endsWith('/personalVerify'))?.body).toEqual({
      name: 'Zhang San',
      idNumber,
    });
    await screen.findByTestId('face-waiting');
    expect(screen.getByTestId('face-url').getAttribute('href')).toBe(
      'http://console.test/faceRecognition?token=tok_0123456789abcdef',
    );
    face = { status: 'passed', errorCode: null };
    await waitFor(() => expect(screen.getByTestId('certification-result').dataset.status).toBe('passed'));
    expect(screen.getByTestId('certification-result-title').textContent).toBe('Verification passed');
  }, 10_000);

  it("shows the face error's message with the way to start again", async () => {
    face = { status: 'failed', errorCode: 'NOT_SAME_PERSON' };
    await renderPage();
    await screen.findByTestId('personal-form');
    fireEvent.change(screen.getByTestId('personal-name'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByTestId('personal-id-number'), { target: { value: idNumber } });
    await act(async () => fireEvent.click(screen.getByTestId('personal-submit')));
    expect((await screen.findByTestId('face-error-message')).textContent).toBe(
      'The face does not match the person of this ID number.',
    );
    fireEvent.click(screen.getByTestId('certification-start-again'));
    await screen.findByTestId('personal-form');
  });

  it("verifies an enterprise and shows the check result's message", async () => {
    await renderPage();
    fireEvent.click(await screen.findByTestId('certification-type-enterprise'));
    await screen.findByTestId('enterprise-form');
    const fill = (id: string, value: string) =>
      fireEvent.change(screen.getByTestId(`enterprise-${id}`), { target: { value } });
    fill('companyName', 'NotOperating Ltd');
    fill('creditCode', creditCode.toLowerCase());
    fill('legalPersonName', 'Zhang San');
    fill('legalPersonId', idNumber);
    fill('bankAccount', '6222 0000 1111 2222');
    fill('bankName', 'Bank of Test');
    await act(async () => fireEvent.click(screen.getByTestId('enterprise-submit')));
    expect(screen.getByTestId('certification-error-licenseFileId')).toBeTruthy();
    const file = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    await act(async () =>
      fireEvent.change(screen.getByTestId('enterprise-license-input'), { target: { files: [file] } }),
    );
    await screen.findByTestId('enterprise-license-name');
    await act(async () => fireEvent.click(screen.getByTestId('enterprise-submit')));
    expect(calls.find((c) => c.path.endsWith('/companyVerify'))?.body).toMatchObject({
      creditCode,
      bankAccount: '6222 0000 1111 2222',
      licenseFileId: 'F8f3k2m9x1',
    });
    const result = await screen.findByTestId('certification-result');
    expect(result.dataset.status).toBe('failed');
    expect(screen.getByTestId('certification-result-message').textContent).toBe(
      'The enterprise is not operating normally.',
    );
  });

  it('offers one control for the licence, with the accepted types and the size limit beside it', async () => {
    await renderPage();
    fireEvent.click(await screen.findByTestId('certification-type-enterprise'));
    const form = await screen.findByTestId('enterprise-form');
    // The file input stays in the page for the dialog, but out of sight: the button is the control.
    const shown = (el: Element) => getComputedStyle(el).display !== 'none';
    const inputs = [...form.querySelectorAll('input[type="file"]')];
    expect(inputs).toHaveLength(1);
    expect(inputs.filter(shown)).toHaveLength(0);
    expect(inputs[0]?.getAttribute('accept')).toBe(
      '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf',
    );
    const button = screen.getByTestId('enterprise-license-button');
    expect(shown(button)).toBe(true);
    expect(button.textContent).toBe('Choose file');
    expect(screen.getByTestId('enterprise-license-hint').textContent).toBe(
      'JPG, JPEG, PNG or PDF, at most 10 MiB',
    );
    // A refused file: the message at the field, the hint still there.
    const big = new File(['x'], 'licence.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await act(async () =>
      fireEvent.change(screen.getByTestId('enterprise-license-input'), { target: { files: [big] } }),
    );
    expect((await screen.findByTestId('certification-upload-error')).textContent).toBe(
      'The file is larger than 10 MiB',
    );
    expect(screen.getByTestId('enterprise-license-hint')).toBeTruthy();
  });

  it('gives the licence hint in Chinese', async () => {
    const zh = await consoleI18n('zh-CN', ['certification', 'common', 'validation']);
    renderConsole(
      <MemoryRouter initialEntries={['/accountManage/accountInfo/authentication']}>
        <AuthenticationPage />
      </MemoryRouter>,
      zh,
    );
    fireEvent.click(await screen.findByTestId('certification-type-enterprise'));
    expect((await screen.findByTestId('enterprise-license-hint')).textContent).toBe(
      'JPG、JPEG、PNG 或 PDF，不超过 10 MiB',
    );
  });

  it('shows a verification waiting for the manual review', async () => {
    latest = certification({
      type: 'enterprise',
      status: 'verifying',
      manualReview: true,
      companyName: 'Manual Ltd',
    });
    await renderPage();
    const result = await screen.findByTestId('certification-result');
    expect(result.dataset.status).toBe('verifying');
    expect(screen.getByTestId('certification-result-message').textContent).toBe('Waiting for manual review');
  });
});

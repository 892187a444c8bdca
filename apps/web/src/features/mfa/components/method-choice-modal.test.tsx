/**
 * Turning one's login protection on (domestic edition): a channel this installation cannot send
 * codes by is offered disabled, with the reason written under it in the page's language.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMeta } from '@/lib/meta';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { testMeta } from '@/testing/meta';
import { testAdmin } from '@/testing/user';
import { MethodChoiceModal } from './method-choice-modal';

const namespaces = ['mfa', 'errors', 'common'] as const;
let en: i18n;
let zh: i18n;

beforeAll(async () => {
  en = await consoleI18n('en-US', namespaces);
  zh = await consoleI18n('zh-CN', namespaces);
});
beforeEach(() => {
  fakeApi((call) =>
    call.path === '/api/portal/user/getCurrentUser'
      ? { ...testAdmin, phone: '13800000000', email: 'admin@demo.example' }
      : { code: 404, message: 'not found' },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setMeta(null);
});

/** antd gives the test id to the radio's input; the option's texts are in its label. */
const radio = (value: 'PHONE' | 'EMAIL') => screen.getByTestId(`mfa-method-${value}`) as HTMLInputElement;
const option = (value: 'PHONE' | 'EMAIL') => radio(value).closest('label')?.textContent ?? '';

describe('the choice of where sign-in codes go', () => {
  it('disables SMS without a provider, says why, and starts on e-mail', async () => {
    setMeta(testMeta({ adapters: { ...testMeta().adapters, sms: 'unconfigured' } }));
    const onContinue = vi.fn();
    renderConsole(<MethodChoiceModal isOpen onClose={() => {}} onContinue={onContinue} />, en);
    await waitFor(() => expect(option('PHONE')).toContain('138****0000'));
    expect(radio('PHONE').disabled).toBe(true);
    expect(screen.getByTestId('mfa-method-PHONE-unavailable').textContent).toBe(
      'Text messages (SMS) are not configured on this installation, so no code can be sent by SMS; contact the platform operator.',
    );
    expect(screen.queryByTestId('mfa-method-EMAIL-unavailable')).toBeNull();
    await waitFor(() => expect(radio('EMAIL').checked).toBe(true));
    fireEvent.click(screen.getByTestId('mfa-continue'));
    expect(onContinue).toHaveBeenCalledWith('EMAIL');
  });

  it('offers nothing to continue with when neither channel is configured (Chinese)', async () => {
    setMeta(testMeta({ adapters: { ...testMeta().adapters, sms: 'unconfigured', email: 'unconfigured' } }));
    renderConsole(<MethodChoiceModal isOpen onClose={() => {}} onContinue={() => {}} />, zh);
    await waitFor(() => expect(screen.getByTestId('mfa-method-EMAIL-unavailable')).toBeTruthy());
    expect(screen.getByTestId('mfa-method-EMAIL-unavailable').textContent).toBe(
      '本安装未配置邮件服务，无法通过邮件发送验证码，请联系平台运维人员。',
    );
    expect(radio('PHONE').disabled).toBe(true);
    expect(radio('EMAIL').disabled).toBe(true);
    // Nothing looks chosen that cannot be.
    expect(radio('PHONE').checked).toBe(false);
    expect(radio('EMAIL').checked).toBe(false);
    expect((screen.getByTestId('mfa-continue') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers both where the development stand-ins deliver', async () => {
    setMeta(testMeta());
    renderConsole(<MethodChoiceModal isOpen onClose={() => {}} onContinue={() => {}} />, en);
    await waitFor(() => expect(radio('PHONE').checked).toBe(true));
    expect(radio('EMAIL').disabled).toBe(false);
    expect(screen.queryByTestId('mfa-method-PHONE-unavailable')).toBeNull();
  });
});

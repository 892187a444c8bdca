import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '@/lib/notifier';
import { queryClient } from '@/lib/query-client';
import { consoleI18n, fakeApi, renderConsole } from '@/testing/console-render';
import { ServiceFilters } from './service-filters';

const regions = [
  { id: 1, csp: 'aliyun', cspName: 'Alibaba Cloud', code: 'cn-shanghai', name: 'Shanghai' },
  { id: 3, csp: 'aws', cspName: 'AWS', code: 'us-east-1', name: 'N. Virginia' },
];

let en: i18n;
let zh: i18n;
let tags: { key: string; value: string }[];

beforeAll(async () => {
  en = await consoleI18n('en-US', ['services', 'common']);
  zh = await consoleI18n('zh-CN', ['services', 'common']);
});
beforeEach(() => {
  tags = [];
  setNotifier({ show: () => {}, notifyApiEvent: () => {} });
  fakeApi((call) => {
    if (call.path === '/api/portal/service/serviceRegionList') return regions;
    if (call.path === '/api/portal/tag/getAccountTags') return tags;
    return { code: 404 };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the service filters', () => {
  it('offers the regions open to the account, grouped by provider, and reports the choice', async () => {
    const onRegionChange = vi.fn();
    renderConsole(<ServiceFilters regionId={null} onRegionChange={onRegionChange} />, en);
    expect(screen.getByText('Region')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent),
      ).toEqual(['Alibaba Cloud / Shanghai', 'AWS / N. Virginia']),
    );
    expect([...document.querySelectorAll('.ant-select-item-group')].map((g) => g.textContent)).toEqual([
      'Alibaba Cloud',
      'AWS',
    ]);
    fireEvent.click(screen.getByTitle('AWS / N. Virginia'));
    expect(onRegionChange).toHaveBeenCalledWith(3);
    // No tag on the account: nothing is said about tags.
    expect(screen.queryByTestId('account-tags')).toBeNull();
  });

  it("shows the account's tags, with and without a value", async () => {
    tags = [
      { key: 'beta-regions', value: '' },
      { key: 'tier', value: 'gold' },
    ];
    renderConsole(<ServiceFilters regionId={3} onRegionChange={() => {}} />, zh);
    const shown = await screen.findAllByTestId('account-tag');
    expect(shown.map((t) => t.textContent)).toEqual(['beta-regions', 'tier: gold']);
    expect(screen.getByTestId('account-tags').textContent).toContain('账户标签');
    await waitFor(() => expect(screen.getByTitle('AWS / N. Virginia')).toBeTruthy());
  });
});

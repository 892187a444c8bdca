import enCommon from '@console/phrases/en-us/common';
import zhCommon from '@console/phrases/zh-cn/common';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMeta } from '@/lib/meta';
import { providePhrases } from '@/lib/phrases';
import { testMeta } from '@/testing/meta';
import { DemoBanner } from './demo-banner';

beforeAll(() => {
  providePhrases('en-US', 'common', enCommon);
  providePhrases('zh-CN', 'common', zhCommon);
});
afterEach(() => {
  cleanup();
  setMeta(null);
});

describe('DemoBanner', () => {
  it('says on every page that a demonstration installation is not real, and makes room for itself', () => {
    setMeta(testMeta({ isDemonstration: true }));
    const { unmount } = render(<DemoBanner />);
    const banner = screen.getByTestId('demo-banner');
    expect(banner.getAttribute('role')).toBe('note');
    expect([enCommon.demoBanner, zhCommon.demoBanner]).toContain(banner.textContent);
    expect(document.documentElement.classList.contains('cz-demo')).toBe(true);
    unmount();
    expect(document.documentElement.classList.contains('cz-demo')).toBe(false);
  });

  it('shows nothing on an ordinary installation', () => {
    setMeta(testMeta());
    render(<DemoBanner />);
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    expect(document.documentElement.classList.contains('cz-demo')).toBe(false);
  });
});

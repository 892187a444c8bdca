/**
 * Screenshots kept as test artifacts: `.reports/screenshots/<name>.png` at the repository root
 * (kept after the run, next to the other reports), also attached to the test's report.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const screenshotDir = resolve(import.meta.dirname, '../../.reports/screenshots');

export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const path = resolve(screenshotDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  return path;
}

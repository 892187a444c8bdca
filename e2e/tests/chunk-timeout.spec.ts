import { expect, test } from './fixtures';
import { demo, signIn } from './helpers';
import { saveScreenshot } from './screenshots';

// Spec section 9: "script chunk load timeout 120 seconds"; section 8: "chunk load failure shows a
// load error after timeout". The page's clock is Playwright's (no hook in the app): one page chunk
// is held back by the network and two minutes pass.
test.describe('chunk load timeout', () => {
  test('a page whose chunk never arrives shows the load error after 120 seconds', async ({ page }) => {
    await page.clock.install();
    // The audit page's chunk is never answered (the console's prefetch of it hangs as well).
    await page.route(/\/assets\/audit-manage-[^/]*\.js$/, () => {});
    await signIn(page, demo.admin);
    const chunkAsked = page.waitForRequest(/\/assets\/audit-manage-[^/]*\.js$/);
    await page.getByTestId('menu-auditManage').click();
    await page.waitForURL('**/auditManage');
    await chunkAsked;
    // Just under two minutes: still loading.
    await page.clock.fastForward('01:55');
    await expect(page.locator('.cz-page-loading')).toBeVisible();
    await expect(page.getByTestId('page-error')).toHaveCount(0);
    await page.clock.fastForward('00:06');
    await expect(page.getByTestId('page-error')).toContainText(
      'Failed to load the page. Check your network and reload.',
    );
    await saveScreenshot(page, test.info(), 'shell/chunk-timeout-en-US-1440', { fullPage: false });
    // The rest of the console stays: another page opens.
    await page.getByTestId('menu-workbench').click();
    await expect(page.getByTestId('workbench')).toBeVisible();
  });
});

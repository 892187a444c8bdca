import { expect, type Page, test } from './fixtures';
import { demo, signInByCall, type TLang } from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * Spec endpoints the console now calls (decision 0021), against the demo data: the service page's
 * region filter (`serviceRegionList`), a user's workspaces in the disable confirmation
 * (`listUserWorkspaces` with `userId`), the billing product filter (`skuList`), and the password
 * policy's Edit button from the user-role lookup (`checkTenantAdmin`).
 */

const regionFilter = (page: Page) => page.getByTestId('service-region-filter');

for (const lang of ['en-US', 'zh-CN'] as const satisfies readonly TLang[]) {
  for (const width of [1440, 390]) {
    test(`filters the instances by a region open to the account (${lang}, ${width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await signInByCall(page, demo.admin, lang);
      const [regions] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/service/serviceRegionList'),
        page.goto('/serviceManage'),
      ]);
      const offered = ((await regions.json()) as { data: { cspName: string; name: string; code: string }[] })
        .data;
      expect(offered.length).toBeGreaterThan(1);
      const studio = page.getByTestId('service-section-studio');
      const shanghai = offered.find((r) => /shanghai|上海/i.test(r.name));
      const other = offered.find((r) => r !== shanghai);
      if (!shanghai || !other) throw new Error('the demo regions changed');
      // The rows of the section in a region, and those in any other. Other tests may open instances
      // of the demo account meanwhile (services.spec.ts opens one in a new region): the filter is
      // held to showing only its region's rows, whatever their number.
      const inRegion = (code: string) =>
        studio.locator(`[data-testid="instance-region"][data-region="${code}"]`);
      const outside = (code: string) =>
        studio.locator(`[data-testid="instance-region"]:not([data-region="${code}"])`);
      await expect(inRegion(shanghai.code).first()).toBeVisible();

      await regionFilter(page).click();
      await page.locator('.ant-select-item-option', { hasText: `${other.cspName} / ${other.name}` }).click();
      await expect(inRegion(shanghai.code)).toHaveCount(0);
      await expect(outside(other.code)).toHaveCount(0);
      await regionFilter(page).click();
      await page
        .locator('.ant-select-item-option', { hasText: `${shanghai.cspName} / ${shanghai.name}` })
        .click();
      await expect(inRegion(shanghai.code).first()).toBeVisible();
      await expect(outside(shanghai.code)).toHaveCount(0);
      const box = await page.getByTestId('service-filters').boundingBox();
      expect(box && box.x + box.width <= width).toBe(true);
      await saveScreenshot(page, testInfo, `services/region-filter-${lang}-${width}`, { fullPage: false });
    });
  }
}

test("lists a user's workspaces in the disable confirmation", async ({ page }, testInfo) => {
  await signInByCall(page, demo.admin);
  await page.goto('/accountManage/userManage');
  await page.getByTestId('user-search').locator('input').fill(demo.member.username);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-name')).toHaveText([demo.member.username]);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/authority/v1/workspace/centre/listUserWorkspaces',
    ),
    page.getByTestId('user-disable').click(),
  ]);
  expect(answer.request().postDataJSON()).toMatchObject({ userId: expect.any(Number) });
  await expect(page.getByTestId('confirm-workspaces')).toHaveAttribute('data-state', 'some');
  await expect(page.getByTestId('confirm-workspace-instance').first()).toContainText(
    'default (Workspace developer), sales_analytics (Workspace analyst)',
  );
  await saveScreenshot(page, testInfo, 'users/confirm-workspaces-en-US-1440', { fullPage: false });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('user-row-status')).toHaveText(['Enabled']);
});

test('narrows the bill to one product of skuList', async ({ page }, testInfo) => {
  await signInByCall(page, demo.admin);
  const [skus] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/billing/skuList'),
    page.goto('/billing'),
  ]);
  const list = ((await skus.json()) as { data: { code: string; name: string; unit: string }[] }).data;
  const sku = list.find((s) => s.code === 'vc_gp');
  if (!sku) throw new Error('the demo SKUs changed');
  await expect(page.getByTestId('billing-detail-row').first()).toBeVisible();
  await page.getByTestId('billing-filter-sku').click();
  const [details] = await Promise.all([
    page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/portal/billing/detail/list' &&
        (r.request().postDataJSON() as { skuCode?: string }).skuCode === 'vc_gp',
    ),
    page.locator('.ant-select-item-option', { hasText: `${sku.name} (${sku.unit})` }).click(),
  ]);
  const rows = ((await details.json()) as { data: { list: { skuCode: string }[] } }).data.list;
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.skuCode))).toEqual(new Set(['vc_gp']));
  await expect(page.getByTestId('billing-detail-row').first()).toContainText(sku.name);
  await saveScreenshot(page, testInfo, 'billing/product-filter-en-US-1440', { fullPage: false });
});

test('shows the password policy Edit button from the user-role lookup', async ({ page }) => {
  await signInByCall(page, demo.member);
  const [lookup] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/user/checkTenantAdmin'),
    page.goto('/accountManage/accountInfo'),
  ]);
  expect(((await lookup.json()) as { data: { isTenantAdmin: boolean } }).data.isTenantAdmin).toBe(false);
  await expect(page.getByTestId('policy-line')).toBeVisible();
  await expect(page.getByTestId('policy-edit')).toHaveCount(0);
});

import { expect, type Page, test } from './fixtures';
import { baseURL, demo, setLanguage, signIn, signInByCall } from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * Service management (/serviceManage) and Insight users (/serviceManage/insightUserManage) as the
 * demo administrator. The demo account has Lakehouse and Insight opened in Alibaba Cloud
 * cn-shanghai (Insight: trial, at most 5 users, 2 enabled). The server's development provisioner
 * opens an instance in 3 s and applies an Insight change in 0.5 s (playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);

async function openServices(page: Page) {
  await page.goto('/serviceManage');
  await expect(page.getByTestId('service-manage')).toBeVisible();
}

test('opens Lakehouse in a new region, sees it come up without reloading, and opens it', async ({ page }) => {
  await signIn(page, demo.admin, 'zh-CN');
  // The workbench shows the opened services and leads to service management.
  const card = page.getByTestId('workbench-services');
  await expect(card.getByTestId('workbench-service-studio')).toContainText('已开通');
  await card.getByTestId('workbench-open-more').click();
  await page.waitForURL('**/serviceManage');

  const studio = page.getByTestId('service-section-studio');
  await expect(studio.getByTestId('instance-row').first()).toBeVisible();
  await expect(studio.locator('[data-testid="instance-region"][data-region="cn-shanghai"]')).toBeVisible();
  await studio.getByTestId('service-create').click();

  // Alibaba Cloud: Shanghai already has an instance (disabled, with the reason); Beijing is free.
  const dialog = page.getByTestId('create-instance-dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .locator('label')
    .filter({ has: page.getByTestId('create-csp-aliyun') })
    .click();
  await dialog.getByTestId('create-instance-region').click();
  const option = (code: string) =>
    page.locator('.ant-select-item-option').filter({ has: page.getByTestId(`create-region-${code}`) });
  await expect(option('cn-shanghai')).toHaveAttribute('aria-disabled', 'true');
  await expect(option('cn-shanghai')).toContainText('每个云平台每个地域仅限一个实例');
  await option('cn-beijing').click();
  await expect(dialog.getByTestId('create-instance-region')).toContainText('华北2（北京）');
  // The list closes after a choice; on a busy machine its closing may lag behind: a click on the
  // dialog's title (outside the list, inside the dialog) closes it for sure.
  const list = page.locator('.ant-select-dropdown').filter({ has: option('cn-beijing') });
  if (await list.isVisible()) await page.locator('.ant-modal-title').filter({ hasText: /./ }).last().click();
  await expect(list).toBeHidden();
  await page.getByTestId('create-instance-ok').click();

  // The new row: opening, then opened, without a reload.
  const row = studio
    .getByTestId('instance-row')
    .filter({ has: page.locator('[data-testid="instance-region"][data-region="cn-beijing"]') });
  await expect(row.getByTestId('instance-status')).toHaveText('开通中');
  await expect(row.getByTestId('instance-status')).toHaveAttribute('data-status', 'opening');
  const name = (await row.getByTestId('instance-name').innerText()).trim();
  expect(name).toMatch(/^[a-z0-9]{8}$/);
  await expect(row.getByTestId('instance-status')).toHaveText('已开通', { timeout: 30_000 });

  // Open: the instance's address in a new tab, which the development platform serves: its page
  // of the instance, in the user's language, saying it stands in for the instance's console.
  const answer = page.waitForResponse((res) => res.url().includes('/api/portal/service/getInstanceUrl'));
  const popup = page.waitForEvent('popup');
  await row.getByTestId('instance-open').click();
  const body = (await (await answer).json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(0);
  expect(body.data.url).toBe(`${baseURL()}/api/dev/instance/${name}`);
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(body.data.url);
  await expect(tab.getByTestId('instance-name')).toHaveText(name);
  await expect(tab.getByTestId('instance-service')).toHaveText('Lakehouse');
  await expect(tab.getByTestId('instance-region')).toHaveText('阿里云 / 华北2（北京）');
  await expect(tab.getByTestId('instance-status')).toHaveText('已开通');
  await expect(tab.getByTestId('dev-instance-notice')).toContainText('开发替身');
  await saveScreenshot(tab, test.info(), 'services/dev-instance-zh-CN', { fullPage: false });
  await tab.close();

  // The workbench lists the new instance too.
  await page.goto('/workbench');
  await expect(
    page
      .getByTestId('workbench-services')
      .locator(`[data-testid="workbench-instance"][data-instance="${name}"]`),
  ).toContainText('已开通');
});

test('enables three users for Insight, then disables one', async ({ page }) => {
  await signIn(page, demo.admin, 'zh-CN');
  // Three users of this run, created through the API.
  const usernames = [1, 2, 3].map((n) => `ins_${stamp}_${n}`);
  for (const username of usernames) {
    const res = await page.request.post('/api/portal/user/addUser', {
      headers: { 'X-CZ-Client': 'web' },
      data: { username, password: 'Initial@2026', email: `${username}@demo.example` },
    });
    expect((await res.json()).code).toBe(0);
  }

  await openServices(page);
  await page.getByTestId('service-section-hengshi').getByTestId('insight-manage-users').click();
  await page.waitForURL('**/serviceManage/insightUserManage');
  await expect(page.getByTestId('insight-user-manage')).toBeVisible();
  await expect(page.getByTestId('insight-enabled-count')).toHaveText('已启用 2 / 5');

  await page.getByTestId('insight-user-search').locator('input').fill(`ins_${stamp}`);
  const rows = page.getByTestId('insight-user-row');
  await expect(rows.getByTestId('insight-user-name')).toHaveText(usernames);
  await expect(rows.getByTestId('insight-user-status')).toHaveText(['未启用', '未启用', '未启用']);
  await expect(page.getByTestId('insight-enable')).toBeDisabled();

  // The default role is preselected.
  await expect(page.getByTestId('insight-role')).toContainText('数据分析师');
  for (const username of usernames) {
    await page
      .locator(`[data-testid="insight-user-row"][data-username="${username}"]`)
      .getByRole('checkbox')
      .check();
  }
  await expect(page.getByTestId('insight-disable')).toBeDisabled();
  await page.getByTestId('insight-enable').click();
  await expect(rows.getByTestId('insight-user-status')).toHaveText(['已启用', '已启用', '已启用'], {
    timeout: 20_000,
  });
  await expect(page.getByTestId('insight-enabled-count')).toHaveText('已启用 5 / 5');
  await expect(rows.first()).toContainText('数据分析师');

  // Disable one.
  const first = page.locator(`[data-testid="insight-user-row"][data-username="${usernames[0]}"]`);
  await first.getByRole('checkbox').check();
  await expect(page.getByTestId('insight-enable')).toBeDisabled();
  await page.getByTestId('insight-disable').click();
  await expect(first.getByTestId('insight-user-status')).toHaveText('已停用', { timeout: 20_000 });
  await expect(page.getByTestId('insight-enabled-count')).toHaveText('已启用 4 / 5');

  // The same page in English.
  await setLanguage(page, 'en-US');
  await page.reload();
  await page.getByTestId('insight-user-search').locator('input').fill(`ins_${stamp}`);
  await expect(first.getByTestId('insight-user-status')).toHaveText('Disabled');
  await expect(
    page
      .locator(`[data-testid="insight-user-row"][data-username="${usernames[1]}"]`)
      .getByTestId('insight-user-status'),
  ).toHaveText('Enabled');
  await expect(page.getByTestId('insight-enabled-count')).toHaveText('Enabled 4 / 5');
  await page.getByTestId('header-back').click();
  await page.waitForURL('**/serviceManage');
  await expect(page.getByTestId('service-section-studio').getByTestId('instance-status').first()).toHaveText(
    /Opened|Opening/,
  );
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`Insight users show e-mail addresses masked as user management does, and find a user by the whole address (${lang})`, async ({
    page,
  }) => {
    await signInByCall(page, demo.admin, lang);
    // User management's list: the demo member's e-mail, masked.
    await page.goto('/accountManage/userManage');
    await page.getByTestId('user-search').locator('input').fill(demo.member.username);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await expect(page.getByTestId('user-row-name')).toHaveText([demo.member.username]);
    const userRow = page.locator('.ant-table-row').filter({ has: page.getByTestId('user-row-name') });
    await expect(userRow).toContainText('an***@demo.example');
    await expect(userRow).not.toContainText('analyst@demo.example');

    // Insight users: the same mask, never the whole address.
    await page.goto('/serviceManage/insightUserManage');
    const row = page.locator(`[data-testid="insight-user-row"][data-username="${demo.member.username}"]`);
    await expect(row).toContainText('an***@demo.example');
    await expect(page.getByTestId('insight-user-manage')).not.toContainText('analyst@demo.example');
    // The whole address finds the member: the server searches what it stores.
    await page.getByTestId('insight-user-search').locator('input').fill('analyst@demo.example');
    await expect(page.getByTestId('insight-user-row')).toHaveCount(1);
    await expect(row).toBeVisible();
    await page.getByTestId('insight-user-search').locator('input').fill('');
    await expect(page.getByTestId('insight-user-row')).not.toHaveCount(1);
  });
}

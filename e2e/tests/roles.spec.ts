import { expect, type Page, test } from './fixtures';
import { demo, signInByCall, type TLang } from './helpers';
import { saveScreenshot } from './screenshots';

/**
 * The roles drawer of user management: the account's roles with what they grant and who holds
 * each; the administrator role granted to a user and removed again. Each test works on a user of
 * its own, so the demo users keep their roles.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);
let seq = 0;

/** Adds a regular user through the API, as the signed-in administrator. */
async function freshUser(page: Page): Promise<string> {
  seq += 1;
  const username = `role_${stamp}_${seq}`;
  const res = await page.request.post('/api/portal/user/addUser', {
    headers: { 'X-CZ-Client': 'web' },
    data: { username, password: 'Initial@2026', email: `${username}@demo.example` },
  });
  expect((await res.json()).code).toBe(0);
  return username;
}

async function openRoles(page: Page) {
  await page.goto('/accountManage/userManage');
  await expect(page.getByTestId('user-manage')).toBeVisible();
  await page.getByTestId('roles-open').click();
  await expect(page.getByTestId('roles-drawer')).toBeVisible();
}

async function closeRoles(page: Page) {
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('roles-drawer')).toBeHidden();
}

const adminPanel = (page: Page) => page.locator('[data-testid="role-panel"][data-role="account_admin"]');
const holder = (page: Page, username: string) =>
  adminPanel(page).locator(`[data-testid="role-holder"][data-user="${username}"]`);

test('grants the administrator role from the drawer and removes it again', async ({ page }) => {
  await signInByCall(page, demo.admin);
  const username = await freshUser(page);
  await openRoles(page);

  // The administrator role first, with its menus and operations, and the demo administrator as "You".
  await expect(page.getByTestId('roles-tab-account_admin')).toContainText('Account administrator');
  await expect(adminPanel(page).getByTestId('role-menus')).toContainText('User management');
  await expect(adminPanel(page).getByTestId('role-operations')).toContainText('Edit the password policy');
  await expect(holder(page, demo.admin.username)).toContainText('You');
  await expect(holder(page, demo.admin.username).getByTestId('role-remove')).toHaveCount(0);
  await expect(holder(page, username)).toHaveCount(0);

  // Grant: search the new user, pick it, grant.
  const select = adminPanel(page).getByTestId('roles-grant-select');
  await select.click();
  await select.locator('input').fill(username);
  await page.locator('.ant-select-item-option', { hasText: username }).click();
  const [granted] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/role/grantRoleForUser'),
    adminPanel(page).getByTestId('roles-grant').click(),
  ]);
  expect((await granted.json()).code).toBe(0);
  await expect(page.getByText(`The role was granted to ${username}`)).toBeVisible();
  await expect(holder(page, username)).toBeVisible();

  // The member role lists the new user too, and is not granted or removed here.
  await page.getByTestId('roles-tab-account_member').click();
  const memberPanel = page.locator('[data-testid="role-panel"][data-role="account_member"]');
  await expect(memberPanel.getByTestId('role-menus')).toContainText('Workbench');
  await expect(memberPanel.getByTestId('roles-grant-select')).toHaveCount(0);

  // The user list shows the new administrator.
  await closeRoles(page);
  await page.getByTestId('user-search').locator('input').fill(username);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-role')).toHaveText(['Account administrator']);

  // Remove it again, after the confirmation.
  await page.getByTestId('roles-open').click();
  await expect(holder(page, username)).toBeVisible();
  await holder(page, username).getByTestId('role-remove').click();
  await expect(page.getByText(`Remove the administrator role from ${username}?`)).toBeVisible();
  const [removed] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/role/deleteRoleForUser'),
    page.getByTestId('role-remove-ok').click(),
  ]);
  expect((await removed.json()).code).toBe(0);
  await expect(holder(page, username)).toHaveCount(0);
  await closeRoles(page);
  await expect(page.getByTestId('user-row-role')).toHaveText(['Account member']);
});

for (const lang of ['en-US', 'zh-CN'] as const satisfies readonly TLang[]) {
  for (const width of [1440, 390]) {
    test(`fits the drawer on the screen (${lang}, ${width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await signInByCall(page, demo.admin, lang);
      await openRoles(page);
      await expect(adminPanel(page).getByTestId('role-holder').first()).toBeVisible();
      await expect(page.getByTestId('roles-tab-account_admin')).toContainText(
        lang === 'en-US' ? 'Account administrator' : '账户管理员',
      );
      // Nothing of the drawer reaches past the right edge of the screen, once it has slid in (its
      // opening animation is measured until it ends, not at one moment of it).
      await expect
        .poll(async () => {
          const box = await page.getByTestId('roles-drawer').boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= width + 1;
        })
        .toBe(true);
      await expect
        .poll(async () => {
          const grant = await adminPanel(page).getByTestId('roles-grant').boundingBox();
          return grant !== null && grant.x + grant.width <= width;
        })
        .toBe(true);
      await saveScreenshot(page, testInfo, `roles/drawer-${lang}-${width}`, { fullPage: false });
    });
  }
}

import { type Browser, expect, type Page, test } from './fixtures';
import { demo, fillLogin, openLogin, registerAccount, sendCodeTo, signInByCall } from './helpers';

/**
 * User management (/accountManage/userManage) as the demo administrator. Every test creates its own
 * users, so the demo users keep their passwords and roles.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36).slice(-5);
let seq = 0;
function nextName(): string {
  seq += 1;
  return `e2e_${stamp}_${seq}`;
}
const password = 'Initial@2026';

async function openUsers(page: Page) {
  await page.goto('/accountManage/userManage');
  await expect(page.getByTestId('user-manage')).toBeVisible();
}

async function addUser(page: Page, username: string, options: { isAdmin?: boolean; phone?: string } = {}) {
  await page.getByTestId('add-user').click();
  const dialog = page.getByTestId('user-dialog');
  await dialog.getByTestId('user-username').fill(username);
  await dialog.getByTestId('user-password').fill(password);
  if (options.phone) await dialog.getByTestId('user-phone').fill(options.phone);
  else await dialog.getByTestId('user-email').fill(`${username}@demo.example`);
  if (options.isAdmin) await dialog.getByTestId('user-is-admin').check();
  await page.getByTestId('user-dialog-ok').click();
  await expect(page.getByText('The user was added')).toBeVisible();
}

async function search(page: Page, keyword: string) {
  await page.getByTestId('user-search').locator('input').fill(keyword);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await expect(page.getByTestId('user-row-name')).toHaveText([keyword]);
}

type TOwned = { scheduledTasks: number; syncTasks: number; permissionApprovals: number };

/**
 * Opens a disable or delete confirmation; what it lists is what the server says the users own:
 * only the kinds they own, and no list at all when they own nothing.
 */
async function openConfirm(page: Page, open: () => Promise<void>): Promise<TOwned> {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/user/ownedResources'),
    open(),
  ]);
  const owned = ((await answer.json()) as { data: TOwned }).data;
  const kinds = (Object.keys(owned) as (keyof TOwned)[]).filter((kind) => owned[kind] > 0);
  await expect(page.getByTestId('confirm-action')).toHaveAttribute(
    'data-owned',
    kinds.length > 0 ? 'some' : 'none',
  );
  if (kinds.length === 0) {
    await expect(page.getByTestId('confirm-owned')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('confirm-owned').locator('li')).toHaveCount(kinds.length);
    for (const kind of kinds) {
      await expect(page.getByTestId(`confirm-owned-${kind}`)).toContainText(String(owned[kind]));
    }
  }
  return owned;
}

async function newSession(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('adds a user who must change the initial password at the first login', async ({ page, browser }) => {
  await signInByCall(page, demo.admin);
  await openUsers(page);
  const username = nextName();
  await addUser(page, username);
  await search(page, username);
  await expect(page.getByTestId('user-row-role')).toHaveText('Account member');

  const other = await newSession(browser);
  await openLogin(other.page);
  await fillLogin(other.page, demo.account, username, password);
  await other.page.getByTestId('login-submit').click();
  await other.page.waitForURL(/\/findPassword\?/);
  await other.context.close();
});

test("disables a user and ends that user's open session", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signInByCall(page, demo.admin);
  await openUsers(page);
  const username = nextName();
  const phone = `139${String(Date.now()).slice(-8)}`;
  await addUser(page, username, { phone });
  await search(page, username);

  // The user changes the initial password (5066 → the reset page) and signs in.
  const other = await newSession(browser);
  await openLogin(other.page);
  await fillLogin(other.page, demo.account, username, password);
  await other.page.getByTestId('login-submit').click();
  await other.page.waitForURL(/\/findPassword\?/);
  const code = await sendCodeTo(other.page, other.context.request, 'reset-send-code', `+86 ${phone}`);
  await other.page.getByTestId('reset-code').fill(code);
  await other.page.getByTestId('reset-next').click();
  const fresh = 'Changed@2026pass';
  await other.page.getByTestId('reset-password').fill(fresh);
  await other.page.getByTestId('reset-confirm').fill(fresh);
  await other.page.getByTestId('reset-submit').click();
  await other.page.waitForURL(/\/login/);
  await fillLogin(other.page, demo.account, username, fresh);
  await other.page.getByTestId('login-submit').click();
  await other.page.waitForURL('**/workbench');

  // Disabling lists what the user owns, then ends the open session at once.
  await openConfirm(page, () => page.getByTestId('user-disable').click());
  await page.getByTestId('confirm-action-ok').click();
  await expect(page.getByTestId('user-row-status')).toHaveText('Disabled');
  await other.page.reload();
  await other.page.waitForURL(/\/login/);
  await other.context.close();

  await page.getByTestId('user-enable').click();
  await expect(page.getByTestId('user-row-status')).toHaveText('Enabled');
});

test('deletes and recovers a user, and deletes for good', async ({ page }) => {
  await signInByCall(page, demo.admin);
  await openUsers(page);
  const username = nextName();
  await addUser(page, username);
  await search(page, username);
  await page.getByTestId('user-more').click();
  await openConfirm(page, () => page.getByTestId('user-delete').click());
  await page.getByTestId('confirm-action-ok').click();
  await expect(page.getByTestId('user-row-status')).toHaveText('Deleted');
  await expect(page.getByTestId('user-row-countdown')).toContainText('Removed for good in 6 d');
  await page.getByTestId('user-recover').click();
  await expect(page.getByTestId('user-row-status')).toHaveText('Enabled');
  await page.getByTestId('user-more').click();
  await page.getByTestId('user-delete').click();
  await page.getByTestId('confirm-action-ok').click();
  await page.getByTestId('user-force-delete').click();
  await page.getByTestId('confirm-action-ok').click();
  await expect(page.getByTestId('user-row-name')).toHaveCount(0);
});

test('grants and removes the administrator flag', async ({ page }) => {
  await signInByCall(page, demo.admin);
  await openUsers(page);
  const username = nextName();
  await addUser(page, username);
  await search(page, username);
  await page.getByTestId('user-edit').click();
  await page.getByTestId('user-dialog').getByTestId('user-is-admin').check();
  await page.getByTestId('user-dialog-ok').click();
  await expect(page.getByTestId('user-row-role')).toHaveText('Account administrator');
  await page.getByTestId('user-edit').click();
  await expect(page.getByTestId('user-dialog').getByTestId('user-is-admin')).toBeChecked();
  await page.getByTestId('user-dialog').getByTestId('user-is-admin').uncheck();
  await page.getByTestId('user-dialog-ok').click();
  await expect(page.getByTestId('user-row-role')).toHaveText('Account member');
});

const ruleTexts = {
  'en-US': {
    required: ['Username', 'Initial password'],
    rule: 'Under the password policy: 8-32 characters, with lowercase letters, uppercase letters; letters, digits and symbols without spaces.',
  },
  'zh-CN': {
    required: ['用户名', '初始密码'],
    rule: '须符合密码策略：8-32 位，需包含小写字母、大写字母；可用字母、数字和符号，不含空格。',
  },
} as const;

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`the add-user dialog marks the required fields and gives the whole password rule (${lang})`, async ({
    page,
  }) => {
    // The demo account keeps the default policy: lower and upper case, 8 to 32 characters.
    await signInByCall(page, demo.admin, lang);
    await openUsers(page);
    await page.getByTestId('add-user').click();
    const dialog = page.getByTestId('user-dialog');
    await expect(dialog.locator('label.ant-form-item-required')).toHaveText([...ruleTexts[lang].required]);
    await expect(dialog.getByTestId('user-password-hint')).toHaveText(ruleTexts[lang].rule);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('a user who owns nothing (an account without service instances): the disable dialog lists nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(page, request);
  await signInByCall(page, owner, 'en-US', owner.account);
  await openUsers(page);
  const username = nextName();
  await addUser(page, username);
  await search(page, username);
  const owned = await openConfirm(page, () => page.getByTestId('user-disable').click());
  expect(owned).toEqual({ scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 });
  await expect(page.getByText('What the user owns that will be affected:')).toHaveCount(0);
  await page.getByTestId('confirm-action-ok').click();
  await expect(page.getByTestId('user-row-status')).toHaveText('Disabled');
});

/** What the disable dialog says, per language (the demo seed's holdings of analyst_01). */
const ownedTexts = {
  'en-US': {
    none: 'The user belongs to no workspace on the opened instances.',
    owned: 'What the user owns that will be affected:',
    kinds: ['Scheduled tasks: 2', 'Table-permission approvals: 1'],
    workspaces: 'default (Workspace developer), sales_analytics (Workspace analyst)',
  },
  'zh-CN': {
    none: '用户不属于已开通实例上的任何工作空间。',
    owned: '该用户拥有的以下资源将受影响：',
    kinds: ['调度任务：2 个', '表权限审批：1 个'],
    workspaces: 'default（工作空间开发者）、sales_analytics（工作空间分析师）',
  },
} as const;

for (const lang of ['en-US', 'zh-CN'] as const) {
  test(`the disable dialog says only what is true: nothing for a user invited a minute ago, names for a demo user (${lang})`, async ({
    page,
  }) => {
    const text = ownedTexts[lang];
    await signInByCall(page, demo.admin, lang);
    // Invited through the API a moment ago.
    const username = nextName();
    const invited = await page.request.post('/api/portal/user/addUser', {
      headers: { 'X-CZ-Client': 'web' },
      data: { username, email: `${username}@demo.example`, invite: true, inviteChannel: 'EMAIL' },
    });
    expect(((await invited.json()) as { code: number }).code).toBe(0);
    await openUsers(page);
    await search(page, username);
    const owned = await openConfirm(page, () => page.getByTestId('user-disable').click());
    expect(owned).toEqual({ scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 });
    await expect(page.getByTestId('confirm-workspaces')).toHaveAttribute('data-state', 'none');
    await expect(page.getByTestId('confirm-workspaces')).toHaveText(text.none);
    await expect(page.getByTestId('confirm-action')).not.toContainText(text.owned);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('confirm-action')).toBeHidden();

    // The demo member: what the seed gave it, by name, and its roles by name, never by code.
    await search(page, demo.member.username);
    await openConfirm(page, () => page.getByTestId('user-disable').click());
    await expect(page.getByTestId('confirm-owned')).toContainText(text.owned);
    await expect(page.getByTestId('confirm-owned').locator('li')).toHaveText([...text.kinds]);
    await expect(page.getByTestId('confirm-workspaces')).toHaveAttribute('data-state', 'some');
    await expect(page.getByTestId('confirm-workspace-instance')).toContainText(text.workspaces);
    await expect(page.locator('.ant-modal')).not.toContainText('workspace_');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('user-row-status')).toHaveText(lang === 'en-US' ? ['Enabled'] : ['已启用']);
  });
}

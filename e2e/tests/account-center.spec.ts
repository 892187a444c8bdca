import { expect, type Page, test } from './fixtures';
import {
  demo,
  freshPhone,
  operatorCommand,
  readOutbox,
  registerAccount,
  sendCodeTo,
  signInByCall,
  signInTo,
} from './helpers';

test.describe.configure({ timeout: 180_000 });

async function openAccountCenter(page: Page) {
  await page.goto('/accountManage/accountInfo');
  await expect(page.getByTestId('account-center')).toBeVisible();
  await expect(page.getByTestId('account-info-company')).toBeVisible();
}

test('account center: company name, upgrade application, activation code (fresh account)', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner);
  await openAccountCenter(page);
  await expect(page.getByTestId('account-info-company')).toHaveText('Browser Test Ltd');
  await expect(page.getByTestId('account-info-reg-phone')).toContainText('****');
  await expect(page.getByTestId('account-info-protection')).toBeVisible();

  // Company name: required, then saved.
  await page.getByTestId('company-edit').click();
  await page.getByTestId('company-input').fill('');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('company-dialog')).toContainText('Please enter the company name');
  await page.getByTestId('company-input').fill('Renamed Browser Ltd');
  await page.getByTestId('company-save').click();
  await expect(page.getByTestId('account-info-company')).toHaveText('Renamed Browser Ltd');

  // Upgrade application from the header: filled in with what the account knows (the company just
  // renamed, the owner's name), form rules, then "application in progress".
  await expect(page.getByTestId('trial-action')).toBeEnabled();
  await page.getByTestId('trial-action').click();
  await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
  await expect(page.getByTestId('upgrade-company')).toHaveValue('Renamed Browser Ltd');
  await expect(page.getByTestId('upgrade-name')).toHaveValue(owner.username);
  await expect(page.getByTestId('upgrade-verify-instead')).toContainText(
    'Or pass real-name verification (personal or enterprise): the account becomes formal at once',
  );
  await page.getByTestId('upgrade-name').fill('');
  await page.getByTestId('upgrade-submit').click();
  await expect(page.getByTestId('upgrade-dialog')).toContainText('Please enter your name');
  await expect(page.getByTestId('upgrade-dialog')).toContainText(
    'Please read and agree to the user agreement',
  );
  await page.getByTestId('upgrade-name').fill('Browser Owner');
  await page.getByTestId('upgrade-email').fill('owner@browser.example');
  await page.getByTestId('upgrade-agreement').check();
  await page.getByTestId('upgrade-submit').click();
  await expect(page.getByTestId('upgrade-dialog')).toBeHidden();
  await expect(page.getByTestId('trial-action')).toBeDisabled();
  await expect(page.getByTestId('trial-action')).toHaveText('Application in progress');
  await expect(page.getByTestId('account-application-in-progress')).toBeVisible();

  // An activation code of the operator command turns the account formal.
  const code = operatorCommand(['activation-create', '--kind', 'formal']);
  await page.getByTestId('activation-open').click();
  await page.getByTestId('activation-input').fill('ACT1.forged.code');
  await page.getByTestId('activation-submit').click();
  await expect(page.getByTestId('activation-dialog')).toContainText('invalid');
  await page.getByTestId('activation-input').fill(code);
  await page.getByTestId('activation-submit').click();
  await expect(page.getByTestId('activation-dialog')).toBeHidden();
  await expect(page.getByTestId('account-info-type')).toHaveAttribute('data-type', '3');
  await expect(page.getByTestId('trial')).toBeHidden();
});

test('the upgrade form is filled in with what the account knows and leads to real-name verification (demo, zh-CN, 390 px; read only)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByCall(page, demo.admin, 'zh-CN');
  await page.goto('/workbench');
  await page.getByTestId('trial-action').click();
  await expect(page.getByTestId('upgrade-dialog')).toBeVisible();
  await expect(page.getByTestId('upgrade-name')).toHaveValue('Demo Admin');
  await expect(page.getByTestId('upgrade-company')).toHaveValue('Demo Analytics Co., Ltd.');
  await expect(page.getByTestId('upgrade-email')).toHaveValue('admin@demo.example');
  await expect(page.getByTestId('upgrade-verify-instead')).toContainText(
    '也可以完成实名认证（个人或企业）：认证通过后账户立即转为正式账户，无需提交本申请。',
  );
  // The dialog fits the phone's width.
  const box = await page.getByRole('dialog').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.getByTestId('upgrade-verify-link').click();
  await page.waitForURL('**/accountManage/accountInfo/authentication');
  await expect(page.getByTestId('upgrade-dialog')).toBeHidden();
});

test('my profile: phone change with the identity check and a code to the new phone (fresh account)', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-my-profile').click();
  await expect(page.getByTestId('profile-username')).toHaveText(owner.username);
  await expect(page.getByTestId('profile-phone')).toContainText(owner.phone);

  await page.getByTestId('profile-edit-phone').click();
  // Identity: a code to the current phone.
  const identity = await sendCodeTo(page, request, 'verify-send-code', `+86 ${owner.phone}`);
  await page.getByTestId('verify-code').fill(identity);
  await page.getByTestId('verify-confirm').click();
  // The new phone gets its own code.
  const next = freshPhone();
  await page.getByTestId('profile-phone-target').fill(next);
  const code = await sendCodeTo(page, request, 'profile-phone-send', `+86 ${next}`);
  await page.getByTestId('profile-phone-code').fill(code);
  await page.getByTestId('contact-save').click();
  await expect(page.getByTestId('profile-phone')).toContainText(next);
  expect((await readOutbox(request, `+86 ${next}`)).length).toBeGreaterThan(0);
});

test('?email_edit=1 opens the e-mail change of my profile and leaves the URL (fresh account)', async ({
  page,
  request,
}) => {
  // A fresh account: acme's administrator may have turned on login protection in another test.
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner);
  await page.goto('/accountManage/accountInfo?email_edit=1&keep=1');
  await expect(page.getByTestId('account-center')).toBeVisible();
  // The identity check of the e-mail change opens at once…
  await expect(page.getByTestId('verify-send-code')).toBeVisible();
  // …and the flag is gone from the URL, other parameters kept.
  await expect(page).toHaveURL(/\/accountManage\/accountInfo\?keep=1$/);
  await page.reload();
  await expect(page.getByTestId('account-center')).toBeVisible();
  await expect(page.getByTestId('verify-send-code')).toBeHidden();
});

/** The calls the account center makes for its own cards (the shell's are made before). */
const accountCenterCalls =
  /\/api\/portal\/(account\/center|mfa\/status|password\/policy\/get|billing\/certification\/status|thirdparty\/getUserBindingConfig|user\/pendingChanges|user\/checkTenantAdmin)/;

test('the account center does not move when the data of its cards replaces their placeholders (demo, read only)', async ({
  page,
}) => {
  // A layout as Lighthouse's desktop run sees it: the cards down to the third-party accounts show.
  await page.setViewportSize({ width: 1350, height: 940 });
  await page.addInitScript(() => {
    const shifted: string[] = [];
    (window as unknown as { shifted: string[] }).shifted = shifted;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        sources: { node: Node | null }[];
      }[]) {
        for (const source of entry.sources) {
          const node = source.node instanceof Element ? source.node : source.node?.parentElement;
          shifted.push(node?.closest('[data-testid]')?.getAttribute('data-testid') ?? String(node?.nodeName));
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await signInByCall(page, demo.admin, lang);
    // The cards' calls wait until their placeholders are drawn.
    const held: (() => void)[] = [];
    let holding = true;
    await page.route(accountCenterCalls, async (route) => {
      if (holding) await new Promise<void>((release) => held.push(release));
      await route.continue();
    });
    await page.goto('/accountManage/accountInfo');
    await expect(page.getByTestId('account-info').locator('[aria-busy="true"]')).toBeVisible();
    await expect(page.getByTestId('certification-card').locator('.ant-skeleton')).toBeVisible();
    holding = false;
    for (const release of held.splice(0)) release();
    await expect(page.getByTestId('account-info-company')).toBeVisible();
    await expect(page.getByTestId('account-info-protection')).toBeVisible();
    await expect(page.getByTestId('certification-card-status')).toBeVisible();
    await expect(page.getByTestId('policy-line')).toBeVisible();
    await page.unroute(accountCenterCalls);
    // The cards above the third-party accounts (whose rows depend on the installation) stay put.
    const shifted = await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted);
    expect(
      shifted.filter((id) => !['third-party-card', 'pending-changes'].includes(id)),
      lang,
    ).toEqual([]);
  }
});

test('a formal account shows no trial days: not in the header, the account center or the workbench (both languages)', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(page, request);
  const expected = {
    'zh-CN': { row: '剩余试用天数', days: /^\d+ 天$/ },
    'en-US': { row: 'Trial days left', days: /^\d+ days$/ },
  } as const;
  // On trial: the header's tag and the account center's row count the days left.
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await signInByCall(page, owner, lang, owner.account);
    await openAccountCenter(page);
    await expect(page.getByTestId('trial-days')).toBeVisible();
    await expect(page.getByTestId('account-info')).toContainText(expected[lang].row);
    await expect(page.getByTestId('account-info-trial-days')).toHaveText(expected[lang].days);
  }
  // An activation code of the operator command turns the account formal.
  const code = operatorCommand(['activation-create', '--kind', 'formal']);
  const answer = await page.request.post('/api/portal/account/activate', {
    headers: { 'x-cz-client': 'web' },
    data: { code },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
  for (const lang of ['zh-CN', 'en-US'] as const) {
    await signInByCall(page, owner, lang, owner.account);
    await openAccountCenter(page);
    await expect(page.getByTestId('account-info-type')).toHaveAttribute('data-type', '3');
    await expect(page.getByTestId('account-info-trial-days')).toHaveCount(0);
    await expect(page.getByTestId('account-info')).not.toContainText(expected[lang].row);
    await expect(page.getByTestId('trial')).toHaveCount(0);
    await page.goto('/workbench');
    await expect(page.getByTestId('account-type')).toHaveText(lang === 'zh-CN' ? '正式' : 'Formal');
    await expect(page.getByTestId('trial')).toHaveCount(0);
    await expect(page.getByTestId('workbench')).not.toContainText(expected[lang].row);
  }
});

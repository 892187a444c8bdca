/**
 * Production mode with neither SMS nor e-mail configured, on the database a development start
 * filled with the demo data (as production.spec.ts runs it, on ports of its own): requiring login
 * protection of every user would lock the account out, so the workbench says why before any click
 * and the server refuses it; the SMS and e-mail choices of login protection and the invitation by
 * e-mail or text message are offered disabled, with the reason written out, in both languages.
 */
import {
  demoDatabase,
  portsFrom,
  productionSecretKey,
  startReady,
  type TDemoDatabase,
  type TProductionServer,
} from '../production-servers';
import { expect, type Page, test } from './fixtures';
import { demo, type TLang } from './helpers';

// Beside production.spec.ts's ports (+20…+22), so that both can run at once.
const devPort = portsFrom(8);
const prodPort = devPort + 1;
const prodUrl = `http://localhost:${prodPort}`;

let database: TDemoDatabase | undefined;
let production: TProductionServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await demoDatabase('lockout', devPort);
  production = await startReady(
    {
      ...database.env,
      NODE_ENV: 'production',
      SECRET_KEY: productionSecretKey(),
      PUBLIC_URL: prodUrl,
      JOBS: '0',
    },
    prodPort,
  );
});

test.afterAll(async () => {
  await production?.stop();
  await database?.drop();
});

/** The demo administrator's session in the page's context, in `lang`, at `width`. */
async function signedIn(page: Page, lang: TLang, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
  await page.context().addCookies([{ name: 'cz-lang', value: lang, url: prodUrl }]);
  const res = await page.request.post(`${prodUrl}/api/login`, {
    headers: { 'x-cz-client': 'web', 'cz-lang': lang },
    data: { accountDisplayName: demo.account, username: demo.admin.username, password: demo.admin.password },
  });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

const texts = {
  'en-US': {
    blockedUsers:
      'Users who could not complete the second step at sign-in: analyst_01 (1 in all). They have no passkey, and this installation cannot send a code to a phone number or e-mail address of theirs (SMS or e-mail is not configured, or they have none).',
    blockedAdmin:
      'To require login protection of every user, you must first be able to complete a second step yourself: this installation cannot send a code to your phone number or e-mail address (SMS or e-mail is not configured, or you have none).',
    sms: 'Text messages (SMS) are not configured on this installation, so no code can be sent by SMS; contact the platform operator.',
    email:
      'E-mail is not configured on this installation, so no code can be sent by e-mail; contact the platform operator.',
    inviteEmail:
      'Invitations cannot be sent by e-mail: no e-mail server is configured on this installation. Set an initial password instead, or contact the platform operator.',
    inviteSms:
      'Invitations cannot be sent by text message: no SMS service is configured on this installation. Set an initial password instead, or contact the platform operator.',
    sendInvitation: 'Send an invitation',
  },
  'zh-CN': {
    blockedUsers:
      '登录时无法完成二次验证的用户：analyst_01（共 1 位）。他们没有通行密钥，本安装也无法向其手机号或邮箱发送验证码（未配置短信或邮件服务，或未填写手机号、邮箱）。',
    blockedAdmin:
      '要求所有用户开启登录保护前，您自己须能完成二次验证：本安装无法向您的手机号或邮箱发送验证码（未配置短信或邮件服务，或您未填写手机号、邮箱）。',
    sms: '本安装未配置短信服务，无法通过短信发送验证码，请联系平台运维人员。',
    email: '本安装未配置邮件服务，无法通过邮件发送验证码，请联系平台运维人员。',
    inviteEmail: '无法通过邮件发送邀请：本安装未配置邮件服务。请改为设置初始密码，或联系平台运维人员。',
    inviteSms: '无法通过短信发送邀请：本安装未配置短信服务。请改为设置初始密码，或联系平台运维人员。',
    sendInvitation: '发送邀请',
  },
} as const;

/** Nothing in `locator` runs wider than its box (no text cut or pushed out). */
async function fitsItsBox(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
}

for (const [lang, width] of [
  ['en-US', 1440],
  ['zh-CN', 390],
] as const) {
  test(`the workbench says why login protection cannot be required, before any click, and offers no SMS or e-mail codes (${lang}, ${width} px)`, async ({
    page,
  }) => {
    await signedIn(page, lang, width);
    await page.goto(`${prodUrl}/workbench`);
    const card = page.getByTestId('mfa-card');
    const policy = card.getByTestId('mfa-policy-switch');
    await expect(policy).toHaveAttribute('aria-checked', 'false');
    await expect(policy).toBeDisabled();
    const blocked = card.getByTestId('mfa-policy-blocked');
    await expect(blocked).toContainText(texts[lang].blockedUsers);
    await expect(blocked).toContainText(texts[lang].blockedAdmin);
    expect(await fitsItsBox(page, 'mfa-card')).toBe(true);

    // Turning one's own protection on: neither channel can be chosen, each says why.
    await card.getByTestId('mfa-enable').click();
    await expect(page.getByTestId('mfa-method-dialog')).toBeVisible();
    await expect(page.getByTestId('mfa-method-PHONE')).toBeDisabled();
    await expect(page.getByTestId('mfa-method-EMAIL')).toBeDisabled();
    await expect(page.getByTestId('mfa-method-PHONE-unavailable')).toHaveText(texts[lang].sms);
    await expect(page.getByTestId('mfa-method-EMAIL-unavailable')).toHaveText(texts[lang].email);
    await expect(page.getByTestId('mfa-continue')).toBeDisabled();
  });

  test(`adding a user offers no invitation by e-mail or text message, and says why (${lang}, ${width} px)`, async ({
    page,
  }) => {
    await signedIn(page, lang, width);
    await page.goto(`${prodUrl}/accountManage/userManage`);
    await page.getByTestId('add-user').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByTestId('user-username').fill('procurement_analyst');
    await dialog.getByTestId('user-email').fill('procurement.analyst@example.com');
    await dialog.getByTestId('user-phone').fill('13912345678');
    await expect(dialog.getByTestId('user-invite-unavailable')).toContainText(texts[lang].inviteEmail);
    await expect(dialog.getByTestId('user-invite-unavailable')).toContainText(texts[lang].inviteSms);
    await expect(dialog.getByRole('radio', { name: texts[lang].sendInvitation })).toBeDisabled();
    // The initial password is still asked for: the user can be added that way.
    await expect(dialog.getByTestId('user-password')).toBeVisible();
  });
}

test('the server refuses to require login protection (4165) and to send an invitation by e-mail (4178), changing nothing', async ({
  request,
}) => {
  const signIn = await request.post(`${prodUrl}/api/login`, {
    headers: { 'cz-lang': 'en-US' },
    data: { accountDisplayName: demo.account, username: demo.admin.username, password: demo.admin.password },
  });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, 'cz-lang': 'en-US' };
  const refused = await request.post(`${prodUrl}/api/portal/mfa/policy`, {
    headers,
    data: { required: true },
  });
  expect(await refused.json()).toMatchObject({
    code: 4165,
    message: `Login protection cannot be required of every user yet. ${texts['en-US'].blockedUsers} Configure SMS or e-mail, or give them a phone number or e-mail address it can reach, then try again.`,
  });
  const policy = await request.get(`${prodUrl}/api/portal/mfa/policy`, { headers });
  expect(await policy.json()).toMatchObject({
    code: 0,
    data: {
      required: false,
      enforcement: { isPossible: false, blockedBy: 4165, blockedUsernames: ['analyst_01'] },
    },
  });
  const invited = await request.post(`${prodUrl}/api/portal/user/addUser`, {
    headers,
    data: { username: 'invited_by_mail', email: 'invited@example.com', invite: true },
  });
  expect(await invited.json()).toMatchObject({ code: 4178, message: texts['en-US'].inviteEmail });
});

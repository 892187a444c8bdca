import { startOidcIdp, type TOidcIdp } from '../../apps/server/test/oidc-idp';
import { startSamlIdp, type TSamlIdpServer } from '../../apps/server/test/saml-idp';
import { expect, type Page, test } from './fixtures';
import { openLogin, registerAccount, signInTo, signOut, type TLang } from './helpers';

// Single sign-on with a real OpenID provider (oidc-provider, its own login page) started by this
// test. A freshly registered account is used, so that turning SSO on affects no other test.

const clientId = 'console-e2e';
const clientSecret = 'e2e-client-secret';

let idp: TOidcIdp;
let samlIdp: TSamlIdpServer;

test.beforeAll(async () => {
  const base = String(test.info().project.use.baseURL);
  idp = await startOidcIdp({
    interactive: true,
    clients: [{ clientId, clientSecret, redirectUris: [`${base}/api/portal/sso/oidc/callback`] }],
  });
  samlIdp = await startSamlIdp();
});
test.afterAll(async () => {
  await idp?.close();
  await samlIdp?.close();
});

/** The provider's own login page: any password signs in the typed login. */
async function signInAtProvider(page: Page, username: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await page.locator('input[name="login"]').fill(username);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
}

test('an administrator configures OpenID Connect; users then sign in through the provider', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner);

  // Account management → SSO configuration.
  await page.getByTestId('menu-accountManage').click();
  // The submenu opens with an animation; on a busy machine a click during it can miss: click
  // until the page changes.
  await expect(async () => {
    await page.getByTestId('menu-sso').click();
    await expect(page).toHaveURL(/\/accountManage\/sso$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('sso-sp-redirect-uri')).toContainText('/api/portal/sso/oidc/callback');
  await page.getByTestId('sso-protocol-oidc').click();
  await page.getByTestId('sso-issuer').fill('ftp://not-a-web-address');
  await page.getByTestId('sso-client-id').fill(clientId);
  await page.getByTestId('sso-client-secret').fill(clientSecret);
  await page.getByTestId('sso-save').click();
  await expect(page.getByText('Enter an address that starts with http:// or https://')).toBeVisible();
  await page.getByTestId('sso-issuer').fill(idp.issuer);
  await page.getByTestId('sso-enabled').click();
  await page.getByTestId('sso-save').click();
  await expect(page.getByTestId('sso-client-secret')).toHaveValue('');

  // Signed out, the login page offers SSO for this account, with the password fields disabled.
  await signOut(page);
  await openLogin(page, 'en-US');
  await page.getByTestId('login-account').fill(owner.account);
  await page.getByTestId('login-account').blur();
  await expect(page.getByTestId('login-sso-button')).toBeVisible();
  await expect(page.getByTestId('login-username')).toBeDisabled();
  await expect(page.getByTestId('login-password')).toBeDisabled();
  // Administrator login switches to the password form and back.
  await page.getByTestId('login-sso-admin').click();
  await expect(page.getByTestId('login-password')).toBeEnabled();
  await page.getByTestId('login-sso-back').click();
  await expect(page.getByTestId('login-password')).toBeDisabled();

  await page.getByTestId('login-sso-button').click();
  await signInAtProvider(page, owner.username);
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();

  // "Test connection" runs the saved form's flow in a popup (the provider remembers the user now)
  // and reports whom the provider signed in.
  await page.goto('/accountManage/sso');
  await expect(page.getByTestId('sso-issuer')).toHaveValue(idp.issuer);
  await page.getByTestId('sso-test').click();
  await expect(page.getByTestId('sso-test-result')).toHaveAttribute('data-state', 'success');
  await expect(page.getByTestId('sso-test-result')).toContainText(owner.username);

  // `?ssoRedirect=true` goes straight to the provider. A username the account does not have
  // lands on the SSO error page, with the way back to login. (The provider's session is cleared
  // first, so that it asks who signs in.)
  await signOut(page);
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await page.goto(`/login?account=${owner.account}&ssoRedirect=true`);
  await signInAtProvider(page, 'nobody_at_all');
  await page.waitForURL('**/sso-error**');
  await expect(page.getByTestId('sso-error-message')).toContainText('nobody_at_all');
  await page.getByTestId('sso-error-login').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
});

/** The login page's SSO button for the account, in the given language. */
async function startSso(page: Page, account: string, lang: TLang): Promise<void> {
  await openLogin(page, lang);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-account').blur();
  await page.getByTestId('login-sso-button').click();
}

test('an administrator configures SAML by metadata URL and chooses what must be signed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(page, request);
  await signInTo(page, owner.account, owner);
  await page.goto('/accountManage/sso');
  await page.getByTestId('sso-protocol-saml').click();
  await page.getByTestId('sso-metadata-url').fill(samlIdp.metadataUrl);
  await page.getByTestId('sso-enabled').click();
  // The IdP signs its responses only: the account accepts a signed response instead.
  await expect(page.getByTestId('sso-accept-signed-response')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('sso-accept-signed-response').click();
  await page.getByTestId('sso-save').click();
  await expect(page.getByTestId('sso-metadata-checked')).toContainText('Metadata last read');
  const spMetadata = async () =>
    (await request.get(`/api/portal/sso/saml/metadata?accountName=${owner.account}`)).text();
  expect(await spMetadata()).toContain('WantAssertionsSigned="false"');

  await signOut(page);
  samlIdp.nextUser = owner.username;
  samlIdp.nextOptions = { sign: 'response' };
  await startSso(page, owner.account, 'en-US');
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();

  // Back to the default (signed assertions): the same IdP is now refused, in the user's language.
  await page.goto('/accountManage/sso');
  await expect(page.getByTestId('sso-accept-signed-response')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('sso-accept-signed-response').click();
  await page.getByTestId('sso-save').click();
  await expect(page.getByTestId('sso-accept-signed-response')).toHaveAttribute('aria-checked', 'false');
  await expect.poll(spMetadata).toContain('WantAssertionsSigned="true"');
  await signOut(page);
  await startSso(page, owner.account, 'zh-CN');
  await page.waitForURL('**/sso-error**');
  await expect(page.getByTestId('sso-error-message')).toContainText('身份提供方未对断言签名');
  await startSso(page, owner.account, 'en-US');
  await page.waitForURL('**/sso-error**');
  await expect(page.getByTestId('sso-error-message')).toContainText(
    'The identity provider did not sign the assertion.',
  );

  // An IdP that signs its assertions signs in.
  samlIdp.nextOptions = { sign: 'assertion' };
  await startSso(page, owner.account, 'en-US');
  await page.waitForURL('**/workbench');
  await expect(page.getByTestId('workbench')).toBeVisible();
});

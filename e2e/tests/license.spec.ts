import { expect, test } from './fixtures';
import { openLogin, operatorCommand } from './helpers';

// The Huawei-cloud license sub-screen of the login page (project `onprem-international`, whose
// server turns the feature on). Licenses are signed with the development key by the operator
// command `license-issue`, whose public key the server uses when none is configured.

test.describe('Huawei-cloud license activation', () => {
  test('refuses an empty or forged license and activates a signed one', async ({ page }) => {
    await openLogin(page, 'en-US');
    await page.getByTestId('login-license').click();
    await expect(page.getByTestId('license-screen')).toBeVisible();
    await expect(page.getByTestId('license-list').or(page.getByTestId('license-empty'))).toBeVisible();

    await page.getByTestId('license-activate').click();
    await expect(page.getByTestId('license-error')).toBeVisible();

    const license = operatorCommand(['license-issue', '--customer', `e2e-${Date.now()}`, '--days', '30']);
    expect(license).toMatch(/^HWL1\./);
    // One changed character inside the signature breaks it (not the last one: in base64url its
    // low bits are padding, so some changes to it decode to the same signature).
    const at = license.length - 10;
    const forged = `${license.slice(0, at)}${license[at] === 'A' ? 'B' : 'A'}${license.slice(at + 1)}`;
    await page.getByTestId('license-input').fill(forged);
    await page.getByTestId('license-activate').click();
    await expect(page.getByTestId('license-error')).toBeVisible();

    await page.getByTestId('license-input').fill(license);
    await page.getByTestId('license-activate').click();
    // The list names the license by its id and the customer; this server has no other license.
    await expect(page.getByTestId('license-item')).toHaveCount(1);
    await expect(page.getByTestId('license-item')).toHaveAttribute('data-status', 'ALIVE');
    await expect(page.getByTestId('license-input')).toHaveValue('');

    await page.getByTestId('license-back').click();
    await expect(page.getByTestId('login-submit')).toBeVisible();
  });

  test('an expired license is refused', async ({ page }) => {
    await openLogin(page, 'en-US');
    await page.getByTestId('login-license').click();
    const expired = operatorCommand(['license-issue', '--customer', `e2e-old-${Date.now()}`, '--days=-1']);
    await page.getByTestId('license-input').fill(expired);
    await page.getByTestId('license-activate').click();
    await expect(page.getByTestId('license-error')).toBeVisible();
  });
});

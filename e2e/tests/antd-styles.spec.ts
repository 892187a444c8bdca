/**
 * antd draws from the build's stylesheet (decision 0036): on a console page antd's stylesheet is
 * the first in the head, antd generates no rules at runtime but its theme's CSS variables, and the
 * components take the console's theme through those variables: a table page, and a dialog
 * portalled to the document's body.
 */
import { expect, type Page, test } from './fixtures';
import { demo, signIn } from './helpers';

/**
 * The document's style sheets: the path of each linked one, and of each `<style>` that antd's
 * CSS-in-JS wrote (marked `data-css-hash`), the rules that set more than custom properties.
 */
function sheetsOf(page: Page) {
  return page.evaluate(() =>
    [...document.styleSheets].map((sheet) => {
      const node = sheet.ownerNode as Element;
      const written = node.tagName === 'STYLE' && node.hasAttribute('data-css-hash');
      return {
        href: sheet.href ? new URL(sheet.href).pathname : null,
        rules: written
          ? [...sheet.cssRules]
              .filter(
                (rule) =>
                  !(rule instanceof CSSStyleRule) || [...rule.style].some((name) => !name.startsWith('--')),
              )
              .map((rule) => rule.cssText.slice(0, 160))
          : [],
      };
    }),
  );
}

/** Those rules but the icon set's own few (`.anticon`, its spin), which come with the icons, not with antd's styles. */
function antdRuntimeRules(sheets: Awaited<ReturnType<typeof sheetsOf>>): string[] {
  return sheets
    .flatMap((sheet) => sheet.rules)
    .filter((text) => !/^(\.anticon|@keyframes loadingCircle)/.test(text));
}

test('draws antd from the build’s stylesheet, first in the head, with the theme from its variables', async ({
  page,
}) => {
  await signIn(page, demo.admin, 'en-US');
  await page.goto('/accountManage/userManage');
  await expect(page.getByTestId('user-manage')).toBeVisible();
  await expect(page.getByTestId('user-row-name').first()).toBeVisible();

  const sheets = await sheetsOf(page);
  const linked = sheets.filter((sheet) => sheet.href !== null).map((sheet) => sheet.href as string);
  // antd's stylesheet is `antd-<hash>.css`; its provider's chunk brings the console's own rules
  // for antd's components (`antd-provider-<hash>.css`, antd-overrides.css).
  const isAntdSheet = (href: string) => /^\/assets\/antd-[\w-]{8}\.css$/.test(href);
  expect(isAntdSheet(linked[0] ?? ''), `antd’s stylesheet comes before the console’s own: ${linked}`).toBe(
    true,
  );
  expect(linked.filter(isAntdSheet)).toHaveLength(1);
  expect(linked.some((href) => /^\/assets\/antd-provider-[\w-]{8}\.css$/.test(href))).toBe(true);
  expect(antdRuntimeRules(sheets)).toEqual([]);

  // The theme's primary colour (design tokens) on the primary button, and the table's header.
  await expect(page.getByTestId('add-user')).toHaveCSS('background-color', 'rgb(31, 91, 216)');
  await expect(page.locator('.ant-table-thead th').first()).toHaveCSS('font-weight', '600');

  // A dialog, portalled out of the page's container: styled, and still nothing written at runtime.
  await page.getByTestId('add-user').click();
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('.ant-modal-container, .ant-modal-content').first()).toHaveCSS(
    'background-color',
    'rgb(255, 255, 255)',
  );
  await expect(page.locator('.ant-modal-mask').first()).toHaveCSS('position', 'fixed');
  await expect(page.getByTestId('user-dialog-ok')).toHaveCSS('background-color', 'rgb(31, 91, 216)');
  expect(antdRuntimeRules(await sheetsOf(page))).toEqual([]);
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  componentFolders,
  dropUnmatched,
  extractAntdStyles,
  importedFolders,
  NOT_DRAWN,
  sourceFiles,
  UNMATCHED_SELECTORS,
} from './antd-styles';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** A source tree of one file, `text`. */
const tempDirs: string[] = [];
function sources(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'antd-styles-'));
  tempDirs.push(dir);
  mkdirSync(join(dir, 'pages'));
  writeFileSync(join(dir, 'pages', 'page.tsx'), text);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the antd components the stylesheet covers', () => {
  it('reads the sources’ imports, multi-line and type-only ones included, and not the tests’', () => {
    const dir = sources(
      "import {\n  Button,\n  type TableProps,\n  Table as DataTable,\n} from 'antd';\nimport useAppStyle from 'antd/es/app/style';\nimport zhCN from 'antd/es/locale/zh_CN';\n",
    );
    writeFileSync(join(dir, 'pages', 'page.test.tsx'), "import { Drawer } from 'antd';\n");
    expect([...importedFolders(dir)].sort()).toEqual(['app', 'button', 'table']);
  });

  it('adds what those components draw inside, and leaves out what antd imports but never draws here', () => {
    const folders = componentFolders(sources("import { Table, DatePicker } from 'antd';\n"));
    // The table's pagination (with its size select), its selection boxes, sort tooltips, empty
    // state, loading spinner and filter menu; the date picker's time panel.
    for (const inner of [
      'pagination',
      'select',
      'checkbox',
      'radio',
      'tooltip',
      'empty',
      'spin',
      'dropdown',
      'menu',
    ]) {
      expect(folders).toContain(inner);
    }
    expect(folders).toContain('time-picker');
    for (const folder of NOT_DRAWN) expect(folders).not.toContain(folder);
  });

  it('keeps a left-out component that the sources import themselves', () => {
    expect(componentFolders(sources("import { Table, Tree } from 'antd';\n"))).toContain('tree');
  });

  it('covers every antd component the console imports', () => {
    const folders = componentFolders(srcDir);
    for (const folder of importedFolders(srcDir)) expect(folders).toContain(folder);
    expect(folders).toEqual(
      expect.arrayContaining(['table', 'form', 'modal', 'select', 'date-picker', 'app']),
    );
  });
});

describe('the stylesheet', () => {
  it('holds the components’ rules, their variants and animations, with no hash, no token value and no cache map', async () => {
    const css = await extractAntdStyles(['button', 'form', 'input', 'modal', 'space', 'table', 'tag']);
    for (const selector of [
      '.ant-btn{',
      '.ant-table-wrapper',
      '.ant-form-item{',
      '.ant-input-affix-wrapper',
      '.ant-modal-confirm',
      '.ant-tag-success',
      '.ant-space-compact',
    ]) {
      expect(css).toContain(selector);
    }
    expect(css).toMatch(/@keyframes antZoomIn/);
    expect(css).not.toContain(':where(.css-');
    expect(css).not.toMatch(/--ant-color-primary\s*:/);
    expect(css).not.toContain('data-ant-cssinjs-cache-path');
    // Only what was asked for: no rules of a component that was not named.
    expect(css).not.toContain('.ant-picker-dropdown');
  });

  it('is the same with the console’s theme as without: the theme reaches the rules through CSS variables', async () => {
    // The console's theme is a module of the app, which the build's type check does not cover:
    // imported by a name it does not resolve, and resolved by the test runner's alias.
    const providerModule = '@/components/antd/antd-provider';
    const { consoleTheme } = (await import(/* @vite-ignore */ providerModule)) as {
      consoleTheme: Record<string, unknown>;
    };
    expect(consoleTheme.token).toBeDefined();
    const folders = ['button', 'card', 'select', 'table', 'tag'];
    const [plain, themed] = await Promise.all([
      extractAntdStyles(folders),
      extractAntdStyles(folders, consoleTheme),
    ]);
    expect(themed).toBe(plain);
  });
});

describe('the rules the console never matches', () => {
  it('go when every selector of a rule is unmatched, with the breakpoints they leave empty', async () => {
    const css = [
      '.ant-col{position:relative}',
      '.ant-col-8{flex:0 0 33%}',
      '.ant-col-push-2,.ant-col-md-offset-4{margin:0}',
      '@media (min-width: 768px){.ant-col-md-8{flex:0 0 33%}}',
      '.ant-form-item-row>.ant-col-24.ant-form-item-label{padding:0}',
      '.ant-col-24,.ant-form-item-label{display:block}',
      '.ant-menu-dark .ant-menu-item{color:#fff}',
      '.ant-menu-light .ant-menu-item{color:#000}',
    ].join('');
    const kept = await dropUnmatched(css);
    expect(kept).toContain('.ant-col{');
    expect(kept).toContain('.ant-form-item-row>.ant-col-24.ant-form-item-label');
    expect(kept).toContain('.ant-col-24,.ant-form-item-label');
    expect(kept).toContain('.ant-menu-light');
    expect(kept).not.toMatch(/\.ant-col-8\{|ant-col-push-2|ant-col-md-8|@media|ant-menu-dark/);
  });

  it('stay unmatched: the sources give no grid span and draw no dark menu', () => {
    expect(UNMATCHED_SELECTORS).toHaveLength(2);
    const offenders = sourceFiles(srcDir).filter((file) =>
      /\b(labelCol|wrapperCol)\b|<(Row|Col)\b|theme=["']dark["']|theme:\s*["']dark["']/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});

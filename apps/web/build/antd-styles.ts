/**
 * antd's styles as a stylesheet of the build (decision 0036). antd's runtime CSS-in-JS generates
 * and injects each component's styles as it first renders: on a console page's first load that
 * was about a third of its script time. The build renders, once, every antd
 * component the console can draw (the ones the sources import, and the ones those use inside),
 * takes the styles antd's cache collected, and emits them as one CSS file; the console runs antd
 * in its zero-runtime mode and loads that file with antd's provider.
 *
 * With CSS variables (antd 6's only mode) and without hashed class names, the component styles do
 * not depend on the theme: they read `var(--ant-…)`, which antd still declares at runtime from the
 * console's theme. So the file is the same for every theme, and the build needs none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ReactNode } from 'react';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** `antd/es`, where each component is a folder (`date-picker`) and `index.js` names its export. */
function antdEsDir(): string {
  return join(dirname(require.resolve('antd/package.json')), 'es');
}

/** The export names of `antd/es/index.js`, by folder (`DatePicker` → `date-picker`). */
function exportsByFolder(esDir: string): Map<string, string[]> {
  const byFolder = new Map<string, string[]>();
  const index = readFileSync(join(esDir, 'index.js'), 'utf8');
  for (const [, name, folder] of index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)) {
    if (name && folder) byFolder.set(folder, [...(byFolder.get(folder) ?? []), name]);
  }
  return byFolder;
}

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, test);
    return test(entry.name) ? [path] : [];
  });
}

/** The sources under `dir`, not their tests, nor those under the folders of `exclude`. */
export function sourceFiles(dir: string, exclude: readonly string[] = []): string[] {
  return filesUnder(dir, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)).filter(
    (file) => !exclude.some((folder) => file.startsWith(join(folder, '/'))),
  );
}

/** Folders of antd that draw nothing of their own: the provider, the theme, the locales. */
const NOT_COMPONENTS = new Set(['config-provider', 'theme', 'locale', 'version']);

/** The antd folders the sources import: `import { Button, Table } from 'antd'`, `antd/es/app/style`. */
export function importedFolders(
  srcDir: string,
  esDir = antdEsDir(),
  exclude: readonly string[] = [],
): Set<string> {
  const byFolder = exportsByFolder(esDir);
  const folderOf = new Map(
    [...byFolder].flatMap(([folder, names]) => names.map((name) => [name, folder] as const)),
  );
  const folders = new Set<string>();
  for (const file of sourceFiles(srcDir, exclude)) {
    const text = readFileSync(file, 'utf8');
    for (const [, names = ''] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const raw of names.split(',')) {
        const name = raw
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        const folder = name ? folderOf.get(name) : undefined;
        if (folder && !NOT_COMPONENTS.has(folder)) folders.add(folder);
      }
    }
    for (const [, folder] of text.matchAll(/from\s*'antd\/(?:es|lib)\/([\w-]+)/g)) {
      if (folder && !NOT_COMPONENTS.has(folder)) folders.add(folder);
    }
  }
  return folders;
}

/**
 * Folders that antd's own modules import but never draw as the console uses them; left out of the
 * stylesheet unless the sources import them themselves:
 * - `color-picker` (and `slider`, which only it imports): Button, Tag and Tooltip import its
 *   colour helpers;
 * - `tree`: the Table's filter menu in tree mode (no column of the console has filters);
 * - `message`, `notification`: App's hooks (the console's toasts are its own, decision 0033);
 * - `watermark`: Modal and Drawer read its context;
 * - `layout`: Menu reads the Sider's context.
 */
export const NOT_DRAWN: readonly string[] = [
  'color-picker',
  'slider',
  'tree',
  'message',
  'notification',
  'watermark',
  'layout',
];

/** Those folders and every component folder their modules import, transitively (Table → Pagination, Dropdown, Menu…). */
export function componentFolders(
  srcDir: string,
  esDir = antdEsDir(),
  exclude: readonly string[] = [],
): string[] {
  const byFolder = exportsByFolder(esDir);
  const imported = importedFolders(srcDir, esDir, exclude);
  const seen = new Set<string>();
  const queue = [...imported];
  while (queue.length > 0) {
    const folder = queue.pop() as string;
    if (seen.has(folder) || (NOT_DRAWN.includes(folder) && !imported.has(folder))) continue;
    seen.add(folder);
    for (const file of filesUnder(join(esDir, folder), (name) => name.endsWith('.js'))) {
      for (const [, other] of readFileSync(file, 'utf8').matchAll(/from\s*["'](?:\.\.\/)+([\w-]+)/g)) {
        if (other && byFolder.has(other) && !seen.has(other)) queue.push(other);
      }
    }
  }
  return [...seen].filter((folder) => byFolder.has(folder) && !NOT_COMPONENTS.has(folder)).sort();
}

/**
 * The CSS of these folders' components: each rendered once (with the variants that draw a style
 * of their own: a status tag, a form item, a compact group, a confirm dialog), server-side, into
 * one style cache.
 */
/** A function component, or React's object for a `forwardRef` or `memo` one (not `theme`, `version`, `Grid`'s hooks). */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

export async function extractAntdStyles(
  folders: readonly string[],
  theme: Record<string, unknown> = { hashed: false },
): Promise<string> {
  const esDir = antdEsDir();
  const byFolder = exportsByFolder(esDir);
  const [
    { createCache, extractStyle, StyleProvider },
    antd,
    { createElement: h, Fragment },
    { renderToString },
  ] = await Promise.all([
    import('@ant-design/cssinjs'),
    import('antd'),
    import('react'),
    import('react-dom/server'),
  ]);
  // biome-ignore lint/suspicious/noExplicitAny: antd's components, by export name
  const all = antd as unknown as Record<string, any>;
  const names = folders.flatMap((folder) => byFolder.get(folder) ?? []);
  /** Components that need props or children to draw their styles. */
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const variants: Record<string, (C: any) => ReactNode> = {
    Affix: (C) => h(C, null, h('div')),
    Cascader: (C) => h(Fragment, null, h(C), h(C.Panel)),
    Dropdown: (C) => h(C, { menu: { items: [] } }, h('div')),
    Menu: (C) => h(C, { items: [] }),
    QRCode: (C) => h(C, { value: 'https://example.com' }),
    Tree: (C) => h(C, { treeData: [] }),
    Tag: (C) => h(Fragment, null, h(C, { color: 'blue' }, 'Tag'), h(C, { color: 'success' }, 'Tag')),
    Badge: (C) => h(Fragment, null, h(C), h(C.Ribbon)),
    Space: (C) => h(Fragment, null, h(C), h(C.Compact, null, h(all.Button), h(C.Addon, null, '1'))),
    Input: (C) =>
      h(
        Fragment,
        null,
        h(C),
        h(C.Search),
        h(C.TextArea),
        h(C.Password),
        h(C.OTP),
        h(all.Space.Compact, null, h(C)),
      ),
    Form: (C) => h(C, null, h(C.Item, { label: 'Label', name: 'field' }, h('input'))),
    Modal: (C) =>
      h(
        Fragment,
        null,
        h(C),
        h(C._InternalPanelDoNotUseOrYouWillBeFired),
        h(C._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm' }),
      ),
    Pagination: (C) => h(C, { total: 100, showSizeChanger: true, showQuickJumper: true }),
    Layout: (C) => h(C, null, h(C.Header), h(C.Sider), h(C.Content), h(C.Footer)),
    message: (C) => h(C._InternalPanelDoNotUseOrYouWillBeFired),
    notification: (C) => h(C._InternalPanelDoNotUseOrYouWillBeFired),
  };
  const cache = createCache();
  const nodes = names
    .filter((name) => isComponent(all[name]))
    .map((name) => h(Fragment, { key: name }, variants[name] ? variants[name](all[name]) : h(all[name])));
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(all.ConfigProvider, { theme: { ...theme, zeroRuntime: false } }, h(all.App, null, ...nodes)),
    ),
  );
  // The trailing rule maps cache paths for antd's SSR rehydration, which the zero-runtime mode never reads.
  return extractStyle(cache, { plain: true, types: 'style' }).replace(
    /\.data-ant-cssinjs-cache-path\{[^}]*\}/,
    '',
  );
}

/**
 * Rules of the drawn components that the console never matches, dropped from the stylesheet (a
 * rule goes only when every selector of its list is such a selector):
 * - the grid's spans, offsets, pushes, pulls and orders (`.ant-col-8`, `.ant-col-md-offset-2`):
 *   a form item draws its label and control in grid columns, but the console gives them no span
 *   (no `labelCol`, `wrapperCol`), and lays out its own grids with CSS;
 * - the dark menu (`.ant-menu-dark`): the only menus are dropdowns', which are light.
 * `antd-styles.test.ts` checks that the sources still use neither.
 */
export const UNMATCHED_SELECTORS: readonly RegExp[] = [
  /^\.ant-col-(?:(?:xs|sm|md|lg|xl|xxl|xxxl)-)?(?:push-|pull-|offset-|order-)?\d+$/,
  /\.ant-menu-dark\b/,
];

/** The stylesheet without the rules whose every selector is unmatched. */
export async function dropUnmatched(
  css: string,
  unmatched: readonly RegExp[] = UNMATCHED_SELECTORS,
): Promise<string> {
  const { default: postcss } = await import('postcss');
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.selectors.every((selector) => unmatched.some((re) => re.test(selector.trim())))) rule.remove();
  });
  // An at-rule left empty (a breakpoint that held only grid spans) goes too.
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

export const ANTD_STYLES_MODULE = 'virtual:antd-styles';
const RESOLVED = `\0${ANTD_STYLES_MODULE}`;

/**
 * `virtual:antd-styles` (of the components the sources under `srcDir` import, those under
 * `exclude` aside): in a production build, the URL of antd's extracted stylesheet (an asset
 * of the build); in development, in the unit tests and in the server render, `null`, and antd
 * keeps generating its styles at runtime.
 */
export function antdStyles(srcDir: string, exclude: readonly string[] = []): Plugin {
  let production = false;
  return {
    name: 'console:antd-styles',
    configResolved(config) {
      production = config.command === 'build' && config.mode === 'production' && !config.build.ssr;
    },
    resolveId(id) {
      return id === ANTD_STYLES_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      if (!production) return 'export default null;';
      const css = await dropUnmatched(await extractAntdStyles(componentFolders(srcDir, undefined, exclude)));
      const ref = this.emitFile({ type: 'asset', name: 'antd.css', source: css });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

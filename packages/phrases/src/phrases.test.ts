import { describe, expect, it } from 'vitest';
import { registerConsoleNamespaces } from './console-loaders';
import { interpolate, loadNamespace, Namespaces } from './index';
import { registerMobileLoginNamespace } from './mobile-login-loaders';
import { registerOpsNamespaces } from './ops-loaders';
import { registerPageNamespaces } from './page-loaders';

registerConsoleNamespaces();
registerMobileLoginNamespace();
registerPageNamespaces();
registerOpsNamespaces();

type TTree = { [key: string]: string | string[] | TTree };

function leaves(tree: TTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) out.set(`${path}.${i}`, v);
    } else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('phrases', () => {
  it.each(Namespaces)('%s: both languages have the same keys and the same placeholders', async (ns) => {
    const en = leaves((await loadNamespace('en-US', ns)) as TTree);
    const zh = leaves((await loadNamespace('zh-CN', ns)) as TTree);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(placeholders(zh.get(key) ?? ''), `${ns}.${key}`).toEqual(placeholders(text));
      expect(text.trim().length, `${ns}.${key}`).toBeGreaterThan(0);
    }
  });

  it('interpolates placeholders and leaves unknown ones', () => {
    expect(interpolate('attempt {{current}} of {{ total }}', { current: 2, total: 5 })).toBe(
      'attempt 2 of 5',
    );
    expect(interpolate('{{missing}} stays', {})).toBe('{{missing}} stays');
  });
});

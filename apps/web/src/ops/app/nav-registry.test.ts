/**
 * The navigation registry: each page's menu text exists in both languages (the registry names it
 * by namespace and key, which the type system does not check), keys and paths are unique, and the
 * route that decides who sees a page is one of the contract's.
 */
import { opsRoutes } from '@console/contract/ops';
import { loadNamespace } from '@console/phrases';
import { registerOpsNamespaces } from '@console/phrases/ops-loaders';
import { describe, expect, it } from 'vitest';
import { opsRoleCan } from '@/ops/lib/ops-session';
import { opsNav } from './nav-registry';

registerOpsNamespaces();

function at(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('the navigation registry', () => {
  it.each(['en-US', 'zh-CN'] as const)('names every page by a text of %s', async (lang) => {
    for (const item of opsNav) {
      const phrases = await loadNamespace(lang, item.label.ns);
      const text = at(phrases, item.label.key);
      expect(typeof text, `${item.key}: ${item.label.ns}.${item.label.key}`).toBe('string');
      expect(text).not.toBe('');
    }
  });

  it('has unique keys and paths, each a page of its own under /', () => {
    expect(new Set(opsNav.map((item) => item.key)).size).toBe(opsNav.length);
    expect(new Set(opsNav.map((item) => item.path)).size).toBe(opsNav.length);
    for (const item of opsNav) {
      expect(item.path).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/);
      expect(item.path).not.toBe('/sign-in');
      expect(opsRoutes[item.visibleWith]).toBeDefined();
    }
  });

  it('shows the Operators page to owners only, My account to every role', () => {
    const operators = opsNav.find((item) => item.key === 'operators');
    const mine = opsNav.find((item) => item.key === 'my-account');
    expect(operators && mine).toBeTruthy();
    for (const role of ['owner', 'support', 'reviewer', 'finance', 'auditor'] as const) {
      expect(opsRoleCan(role, operators?.visibleWith ?? 'opsMe')).toBe(role === 'owner');
      expect(opsRoleCan(role, mine?.visibleWith ?? 'opsListOperators')).toBe(true);
    }
  });
});

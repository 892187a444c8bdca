/**
 * Every operation code the server writes to the audit log is in the contract's list, and has a
 * name in both languages. The codes are read from the server's source: quoted dotted names
 * (`auth.login`, `account.tag.set`) in the files that write entries, or in any file when the name
 * starts like a listed code (helpers pass a code on to the writer); job kinds, imports and the few
 * dotted names below that are not codes are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AuditActions, isAuditAction } from '@console/contract/audit-rules';
import enAudit from '@console/phrases/en-us/audit';
import zhAudit from '@console/phrases/zh-cn/audit';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '..', '..');

/** Dotted names in the source that are not operation codes. */
const notCodes: ReadonlySet<string> = new Set([
  'oidc.clientSecret', // a field of the single sign-on form (sso-config.service.ts)
  'seed.demo', // the demo data's run marker (seed/demo.ts)
]);

const codePattern = /(['"])([a-z][A-Za-z]*(?:\.[A-Za-z_]+)+)\1/g;
const importPattern = /(?:from|import)\s*\(?\s*(['"])([^'"]+)\1/g;
const jobKindPattern = /JobKind\s*=\s*(['"])([^'"]+)\1/g;
const writesAudit = /\b(writeAudit|writeAuditEntries|insertAuditEntr(y|ies))\b|\$\{auditEntries\}/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[2] ?? '');

/** The codes found, each with the files that name it. */
function writtenCodes(): Map<string, string[]> {
  const files = sourceFiles(sourceRoot).map((path) => ({
    path: relative(sourceRoot, path),
    text: readFileSync(path, 'utf8'),
  }));
  const excluded = new Set(notCodes);
  for (const file of files) {
    for (const name of matches(file.text, importPattern)) excluded.add(name);
    for (const name of matches(file.text, jobKindPattern)) excluded.add(name);
  }
  const namespaces = new Set(AuditActions.map((code) => code.split('.')[0]));
  const found = new Map<string, string[]>();
  for (const file of files) {
    const isWriter = writesAudit.test(file.text);
    for (const name of matches(file.text, codePattern)) {
      if (excluded.has(name)) continue;
      if (!isWriter && !namespaces.has(name.split('.')[0] ?? '')) continue;
      found.set(name, [...new Set([...(found.get(name) ?? []), file.path])]);
    }
  }
  return found;
}

describe('audit operation codes', () => {
  const written = writtenCodes();

  it('finds the codes of the writers (the scan works)', () => {
    for (const code of ['auth.login', 'user.resetPassword', 'insight.usersApplied', 'account.tag.set'])
      expect(written.has(code), code).toBe(true);
    // Job kinds and imports are not codes.
    expect(written.has('instance.provision')).toBe(false);
    expect(written.has('ipaddr.js')).toBe(false);
  });

  it('every code the server writes is in the contract list, and every listed code is written', () => {
    const unlisted = [...written].filter(([code]) => !isAuditAction(code)).map(([c, f]) => `${c} (${f})`);
    expect(unlisted, 'add these to AuditActions (packages/contract/src/audit-rules.ts)').toEqual([]);
    const unused = AuditActions.filter((code) => !written.has(code));
    expect(unused, 'no longer written: remove from AuditActions').toEqual([]);
    expect(new Set(AuditActions).size).toBe(AuditActions.length);
  });

  it.each([
    ['en-US', enAudit.actions],
    ['zh-CN', zhAudit.actions],
  ])('every listed code has a name in %s, and nothing else does', (_lang, names) => {
    expect(Object.keys(names).sort()).toEqual([...AuditActions].sort());
    for (const code of AuditActions) {
      const name = names[code] ?? '';
      expect(name.trim().length, code).toBeGreaterThan(0);
      expect(name, code).not.toBe(code);
    }
  });

  it('names differ between the two languages and within each language', () => {
    for (const names of [enAudit.actions, zhAudit.actions]) {
      const values = Object.values(names);
      expect(new Set(values).size).toBe(values.length);
    }
    for (const code of AuditActions) expect(zhAudit.actions[code], code).not.toBe(enAudit.actions[code]);
  });
});

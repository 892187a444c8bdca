/**
 * Every object type the server writes to the audit log is in the contract's list (which the audit
 * page's filter offers), every listed type is written, and each has a name in both languages. The
 * types are read from the server's source: the quoted values of `objectType:` (a conditional's
 * outcomes, not what it compares), and in the statements that insert entries themselves, the
 * quoted object type that follows the quoted operation code. The compiler already holds the
 * writers to `TAuditObjectType`; the scan also covers the SQL it cannot read, and tells a type
 * that nothing writes any more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AuditObjectTypes } from '@console/contract/audit-rules';
import enAudit from '@console/phrases/en-us/audit';
import zhAudit from '@console/phrases/zh-cn/audit';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `objectType: <expression>` up to the end of its line. */
const assignment = /\bobjectType:\s*([^\n]+)/g;
/** A quoted word in an expression that is not a comparand (`=== 'sms'`, `'sms' ?`). */
const literal = /(===?\s*|!==?\s*)?'([a-z][A-Za-z]*)'(\s*\?)?/g;
/** In a written-out insert of an entry: the operation code, then the object type. */
const insertedPair = /'[a-z][A-Za-z]*(?:\.[A-Za-z_]+)+',\s*'([a-z][A-Za-z]*)'/g;
const insertsEntries = /insert into \$\{auditEntries\}\s*\([^)]*\baction, object_type\b/;

/** The object types found, each with the files that write it. */
function writtenObjectTypes(files: readonly { path: string; text: string }[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (type: string, path: string) =>
    found.set(type, [...new Set([...(found.get(type) ?? []), path])]);
  for (const { path, text } of files) {
    for (const [, expression = ''] of text.matchAll(assignment)) {
      for (const [, compared, type = '', questioned] of expression.matchAll(literal)) {
        if (!compared && !questioned) add(type, path);
      }
    }
    if (insertsEntries.test(text)) {
      for (const [, type = ''] of text.matchAll(insertedPair)) add(type, path);
    }
  }
  return found;
}

const serverFiles = () =>
  sourceFiles(sourceRoot).map((path) => ({
    path: relative(sourceRoot, path),
    text: readFileSync(path, 'utf8'),
  }));

describe('audit object types', () => {
  const written = writtenObjectTypes(serverFiles());

  it('reads the types of assignments, conditionals and written-out inserts (the scan works)', () => {
    const sample = writtenObjectTypes([
      { path: 'a.ts', text: "writeAudit(tx, { action: 'x.y', objectType: 'recharge', isSuccess: true });" },
      { path: 'b.ts', text: "  objectType: target.channel === 'sms' ? 'phone' : 'email',\n  info: 'no'" },
      {
        path: 'c.ts',
        text: `sql\`insert into \${auditEntries} (account_id, action, object_type) select 1, 'auth.login', 'session'\``,
      },
    ]);
    expect([...sample.keys()].sort()).toEqual(['email', 'phone', 'recharge', 'session']);
    // And in the server's source: the sign-in's written-out insert, the code's channel, a top-up.
    for (const type of ['session', 'phone', 'email', 'recharge', 'user'])
      expect(written.has(type), type).toBe(true);
  });

  it('every type the server writes is in the contract list the filter offers, and every listed type is written', () => {
    const listed: readonly string[] = AuditObjectTypes;
    const unlisted = [...written].filter(([type]) => !listed.includes(type)).map(([t, f]) => `${t} (${f})`);
    expect(unlisted, 'add these to AuditObjectTypes (packages/contract/src/audit-rules.ts)').toEqual([]);
    const unused = AuditObjectTypes.filter((type) => !written.has(type));
    expect(unused, 'no longer written: remove from AuditObjectTypes').toEqual([]);
    expect(new Set(AuditObjectTypes).size).toBe(AuditObjectTypes.length);
  });

  it.each([
    ['en-US', enAudit.objectTypes],
    ['zh-CN', zhAudit.objectTypes as Record<string, string>],
  ])('every listed type has a name in %s, and nothing else does', (_lang, names) => {
    expect(Object.keys(names).sort()).toEqual([...AuditObjectTypes].sort());
    for (const type of AuditObjectTypes) {
      expect((names[type] ?? '').trim().length, type).toBeGreaterThan(0);
      expect(names[type], type).not.toBe(type);
    }
    const values = Object.values(names);
    expect(new Set(values).size).toBe(values.length);
  });
});

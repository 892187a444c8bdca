// @vitest-environment node
/**
 * Every chunk of the web app loads under the spec's chunk-load timer (section 9: "script chunk
 * load timeout 120 seconds"; section 8: "chunk load failure shows a load error after timeout").
 * A dynamic `import()` anywhere in the sources must sit inside the loader given to `chunkLoader`
 * (or a table given to `chunkLoaders`), so that a new one cannot slip past the timer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const timers = new Set(['chunkLoader', 'chunkLoaders']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.(ts|tsx)$/.test(entry.name);
    return isSource && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function isTimed(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && ts.isIdentifier(at.expression) && timers.has(at.expression.text))
      return true;
  }
  return false;
}

/** The `import()` calls of a source (not `typeof import('…')` types) that no timer encloses. */
export function untimedImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !isTimed(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1} ${node.getText().slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('dynamic imports of the web app', () => {
  it('all load under the chunk-load timer', () => {
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(100);
    const untimed = files.flatMap((file) =>
      untimedImports(relative(srcDir, file), readFileSync(file, 'utf8')),
    );
    expect(untimed).toEqual([]);
  });

  it('are found wherever they are, and pass only inside chunkLoader or chunkLoaders', () => {
    const bad = `
      const a = () => import('./a');
      const b = lazy(() => import('./b'));
      async function c() { const m = await import('./c'); return m; }
      type T = typeof import('./types');
    `;
    expect(untimedImports('bad.ts', bad).map((s) => s.split(' ')[0])).toEqual([
      'bad.ts:2',
      'bad.ts:3',
      'bad.ts:4',
    ]);
    const good = `
      const a = chunkLoader(() => import('./a'));
      const b = chunkLoader(() => Promise.all([import('./b'), loadPhrases(['x'])]).then(([m]) => m));
      const table = chunkLoaders({ c: [() => import('./c'), ['common']] });
    `;
    expect(untimedImports('good.ts', good)).toEqual([]);
  });
});

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
import { parseAst } from 'rolldown/parseAst';
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

/** An ESTree node of the parser (oxc, the one the build uses), as far as this walk reads it. */
type TNode = { type: string; start: number; end: number; callee?: TNode; name?: string };

function isNode(value: unknown): value is TNode {
  return typeof value === 'object' && value !== null && typeof (value as TNode).type === 'string';
}

function isTimer(node: TNode): boolean {
  return (
    node.type === 'CallExpression' && node.callee?.type === 'Identifier' && timers.has(node.callee.name ?? '')
  );
}

/**
 * The `import()` calls of a source (ESTree `ImportExpression`; a `typeof import('…')` type is a
 * `TSImportType`) that no `chunkLoader` or `chunkLoaders` call encloses.
 */
export function untimedImports(fileName: string, text: string): string[] {
  const program = parseAst(text, { lang: 'tsx', sourceType: 'module' }, fileName) as unknown as TNode;
  const found: string[] = [];
  const visit = (node: TNode, isTimed: boolean) => {
    if (node.type === 'ImportExpression' && !isTimed) {
      const line = text.slice(0, node.start).split('\n').length;
      found.push(`${fileName}:${line} ${text.slice(node.start, node.end).slice(0, 80)}`);
    }
    const inside = isTimed || isTimer(node);
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child, inside);
      }
    }
  };
  visit(program, false);
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

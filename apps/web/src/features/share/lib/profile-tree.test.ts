import type { TJobProfileNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buildProfileTree, slowestKeysOf } from './profile-tree';

const node = (
  id: string,
  parentId: string | null,
  timeMs: number,
  over: Partial<TJobProfileNode> = {},
): TJobProfileNode => ({
  id,
  parentId,
  kind: parentId === null ? 'stage' : 'operator',
  name: id,
  detail: null,
  timeMs,
  rows: 10,
  ...over,
});

// Two stages: a scan (scan 600, filter 100 under project 50) and an aggregate (agg 200, exchange 30).
const nodes = [
  node('S0', null, 800),
  node('S0.1', 'S0', 50),
  node('S0.2', 'S0.1', 100),
  node('S0.3', 'S0.2', 600),
  node('S1', null, 250),
  node('S1.1', 'S1', 200),
  node('S1.2', 'S1.1', 30),
];

describe('the profile tree', () => {
  it('nests operators under their parents, stages at the top, in the order given', () => {
    const tree = buildProfileTree(nodes, 1000);
    expect(tree.rows.map((r) => r.key)).toEqual(['S0', 'S1']);
    const [scan, agg] = tree.rows;
    expect(scan?.children?.map((r) => r.key)).toEqual(['S0.1']);
    expect(scan?.children?.[0]?.children?.[0]?.children?.[0]?.key).toBe('S0.3');
    expect(scan?.children?.[0]?.children?.[0]?.children?.[0]?.children).toBeUndefined();
    expect(agg?.children?.[0]?.children?.map((r) => r.key)).toEqual(['S1.2']);
    expect(tree.parentKeys).toEqual(['S0', 'S0.1', 'S0.2', 'S1', 'S1.1']);
  });

  it("gives each node its share of the job's duration", () => {
    const tree = buildProfileTree(nodes, 1000);
    expect(tree.rows[0]?.share).toBe(0.8);
    expect(tree.rows[1]?.children?.[0]?.share).toBe(0.2);
    // Without a duration (a job still queued), shares are of the stages' total time.
    expect(buildProfileTree(nodes, 0).rows[0]?.share).toBeCloseTo(800 / 1050);
    expect(buildProfileTree([node('S0', null, 0)], 0).rows[0]?.share).toBe(0);
  });

  it('highlights the slowest stage and the three slowest operators, never an idle one', () => {
    const tree = buildProfileTree(nodes, 1000);
    expect(tree.slowestKeys).toEqual(['S0', 'S0.3', 'S1.1', 'S0.2']);
    const flat = (rows: typeof tree.rows): typeof tree.rows =>
      rows.flatMap((r) => [r, ...flat(r.children ?? [])]);
    expect(
      flat(tree.rows)
        .filter((r) => r.isSlowest)
        .map((r) => r.key)
        .sort(),
    ).toEqual(['S0', 'S0.2', 'S0.3', 'S1.1']);
    const idle = [node('S0', null, 0), node('S0.1', 'S0', 0), node('S0.2', 'S0', 5)];
    expect(slowestKeysOf(idle)).toEqual(['S0.2']);
  });

  it('keeps a node whose parent is unknown, at the top', () => {
    const tree = buildProfileTree([node('S0', null, 10), node('X.1', 'missing', 5)], 20);
    expect(tree.rows.map((r) => r.key)).toEqual(['S0', 'X.1']);
  });
});

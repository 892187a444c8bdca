/**
 * A job profile's flat nodes (pre-order, each naming its parent) as the tree the page draws: each
 * row with its share of the job's duration, and the slowest ones marked: the slowest stage and the
 * operators whose own time is among the three longest.
 */
import type { TJobProfileNode } from '@console/contract';

export type TProfileRow = {
  key: string;
  node: TJobProfileNode;
  /** The node's time over the job's duration, 0 to 1. */
  share: number;
  isSlowest: boolean;
  children?: TProfileRow[];
};

export type TProfileTree = {
  rows: TProfileRow[];
  /** Keys of the rows that have children (to expand or collapse them all). */
  parentKeys: string[];
  slowestKeys: string[];
};

/** How many operators are marked as the slowest. */
export const slowestOperators = 3;

export function slowestKeysOf(nodes: readonly TJobProfileNode[], count = slowestOperators): string[] {
  const slow = (kind: TJobProfileNode['kind'], n: number) =>
    nodes
      .filter((node) => node.kind === kind && node.timeMs > 0)
      .sort((a, b) => b.timeMs - a.timeMs)
      .slice(0, n)
      .map((node) => node.id);
  return [...slow('stage', 1), ...slow('operator', count)];
}

export function buildProfileTree(nodes: readonly TJobProfileNode[], durationMs: number): TProfileTree {
  const stagesTime = nodes.filter((n) => n.kind === 'stage').reduce((sum, n) => sum + n.timeMs, 0);
  const total = durationMs > 0 ? durationMs : stagesTime;
  const slowestKeys = slowestKeysOf(nodes);
  const slowest = new Set(slowestKeys);
  const byId = new Map<string, TProfileRow>();
  const rows: TProfileRow[] = [];
  for (const node of nodes) {
    const row: TProfileRow = {
      key: node.id,
      node,
      share: total > 0 ? Math.min(1, node.timeMs / total) : 0,
      isSlowest: slowest.has(node.id),
    };
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    // A node whose parent is unknown (or comes later) is shown at the top rather than lost.
    if (parent) {
      parent.children = [...(parent.children ?? []), row];
    } else rows.push(row);
    if (!byId.has(node.id)) byId.set(node.id, row);
  }
  const parentKeys = [...byId.values()].filter((r) => r.children?.length).map((r) => r.key);
  return { rows, parentKeys, slowestKeys };
}

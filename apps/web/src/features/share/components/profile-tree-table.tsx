/**
 * Stages and operators of a job as a tree table: each row's own time, its share of the job's
 * duration (a bar and a percentage) and its rows. The slowest stage and the three slowest
 * operators are highlighted, and say so in words ("Slowest"), not by colour alone.
 */
import type { TLanguage } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { Button, Progress, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { interpolate } from '@/lib/phrases';
import type { TSharedJobProfile } from '../api/get-shared-job-profile';
import { buildProfileTree, type TProfileRow } from '../lib/profile-tree';
import { formatCount, formatDuration, formatExactCount, formatShare } from '../lib/units';

type TProps = {
  profile: TSharedJobProfile['profile'];
  texts: TPhrases['share'];
  lang: TLanguage;
};

export function ProfileTreeTable({ profile, texts, lang }: TProps) {
  const tree = useMemo(() => buildProfileTree(profile.nodes, profile.durationMs), [profile]);
  const [expanded, setExpanded] = useState<readonly Key[]>(tree.parentKeys);
  const t = texts.tree;
  const isAllExpanded = expanded.length >= tree.parentKeys.length;

  const columns: TableProps<TProfileRow>['columns'] = [
    {
      key: 'name',
      title: t.name,
      render: (_, row) => (
        <span className="cz-share-tree__name" data-testid="profile-node-name">
          <Space size={6} wrap={false}>
            {row.node.kind === 'stage' ? (
              <Tag color="blue" className="cz-share-tree__kind">
                {t.stage}
              </Tag>
            ) : null}
            <Typography.Text strong={row.node.kind === 'stage'}>{row.node.name}</Typography.Text>
            {row.isSlowest ? (
              <Tag color="error" data-testid="profile-node-slowest">
                {t.slowest}
              </Tag>
            ) : null}
          </Space>
          {row.node.detail ? (
            <Typography.Text type="secondary" className="cz-share-tree__detail" title={row.node.detail}>
              {row.node.detail}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'time',
      title: t.time,
      align: 'right',
      className: 'cz-share-tree__number',
      render: (_, row) => (
        <span data-testid="profile-node-time">{formatDuration(row.node.timeMs, texts.units, lang)}</span>
      ),
    },
    {
      key: 'share',
      title: t.share,
      className: 'cz-share-tree__share',
      render: (_, row) => (
        <span className="cz-share-tree__bar">
          <Progress
            percent={Math.round(row.share * 1000) / 10}
            size="small"
            showInfo={false}
            status={row.isSlowest ? 'exception' : 'normal'}
            aria-hidden="true"
          />
          <span data-testid="profile-node-share">{formatShare(row.share, lang)}</span>
        </span>
      ),
    },
    {
      key: 'rows',
      title: t.rows,
      align: 'right',
      className: 'cz-share-tree__number',
      render: (_, row) => (
        <Tooltip title={interpolate(texts.facts.exact, { value: formatExactCount(row.node.rows, lang) })}>
          <span data-testid="profile-node-rows">{formatCount(row.node.rows, lang)}</span>
        </Tooltip>
      ),
    },
  ];

  if (tree.rows.length === 0) {
    return <Typography.Paragraph type="secondary">{t.empty}</Typography.Paragraph>;
  }
  return (
    <>
      <div className="cz-share-tree__bar-top">
        <Typography.Text type="secondary">{t.hint}</Typography.Text>
        <Button
          size="small"
          onClick={() => setExpanded(isAllExpanded ? [] : tree.parentKeys)}
          data-testid="profile-tree-toggle"
        >
          {isAllExpanded ? t.collapseAll : t.expandAll}
        </Button>
      </div>
      <Table<TProfileRow>
        className="cz-share-tree"
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={tree.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: [...expanded],
          onExpandedRowsChange: (keys) => setExpanded(keys),
          indentSize: 18,
        }}
        rowClassName={(row) => (row.isSlowest ? 'cz-share-tree__row--slowest' : '')}
        onRow={(row) =>
          ({
            'data-testid': 'profile-node',
            'data-node': row.key,
            'data-kind': row.node.kind,
            'data-slowest': row.isSlowest ? 'true' : 'false',
          }) as never
        }
      />
    </>
  );
}

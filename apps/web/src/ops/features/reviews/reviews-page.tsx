/**
 * The Reviews area (issue 40, item 4): the three queues with their counts and ages, each queue's
 * waiting items (oldest first) with who holds them, and an item's page per kind
 * (`/reviews/<kind>/<id>`) with its claim and decision.
 */
import { OpsReviewKinds, type TOpsReviewKind, type TOpsReviewListItem } from '@console/contract/ops';
import { Card, Empty, List, Space, Spin, Statistic, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { useReviewList, useReviewSummary } from './api/review-queries';
import { FormalItem, RemittanceItem, VerificationItem } from './components/item-pages';
import { ageText } from './components/review-parts';
import './reviews.css';

function isKind(value: string | null | undefined): value is TOpsReviewKind {
  return (OpsReviewKinds as readonly string[]).includes(value ?? '');
}

function QueueCards({ onOpen }: { onOpen: (kind: TOpsReviewKind) => void }) {
  const { t } = useTranslation('opsReviews');
  const summary = useReviewSummary();
  if (!summary.data) return <Spin />;
  return (
    <div className="cz-review-cards">
      {summary.data.queues.map((queue) => (
        <Card
          key={queue.kind}
          size="small"
          hoverable
          onClick={() => onOpen(queue.kind)}
          data-testid={`ops-queue-${queue.kind}`}
          data-count={queue.count}
        >
          <Statistic title={t(`kinds.${queue.kind}`)} value={queue.count} />
          <Typography.Text type="secondary">
            {queue.oldestAgeSeconds === null
              ? t('queue.none')
              : t('queue.oldest', { age: ageText(t, queue.oldestAgeSeconds) })}
          </Typography.Text>
          {queue.claimed > 0 ? (
            <div>
              <Tag>{t('queue.claimed', { count: queue.claimed })}</Tag>
            </div>
          ) : null}
        </Card>
      ))}
    </div>
  );
}

function ClaimTag({ item }: { item: TOpsReviewListItem }) {
  const { t } = useTranslation('opsReviews');
  if (!item.claim) return <Tag>{t('queue.free')}</Tag>;
  return (
    <Tag color={item.claim.isMine ? 'success' : 'warning'} data-testid="ops-queue-claim">
      {item.claim.isMine ? t('queue.mine') : t('queue.claimedBy', { name: item.claim.operatorName })}
    </Tag>
  );
}

function QueueList({ kind }: { kind: TOpsReviewKind }) {
  const { t } = useTranslation('opsReviews');
  const list = useReviewList(kind);
  if (!list.data) return <Spin />;
  if (list.data.list.length === 0) return <Empty description={t('queue.empty')} />;
  return (
    <List
      dataSource={list.data.list}
      rowKey={(item) => `${item.kind}-${item.id}`}
      data-testid={`ops-queue-list-${kind}`}
      renderItem={(item) => (
        <List.Item
          data-testid="ops-queue-item"
          data-id={item.id}
          actions={[
            <Link key="open" to={`${kind}/${item.id}`} data-testid={`ops-queue-open-${item.id}`}>
              {t('queue.open')}
            </Link>,
          ]}
        >
          <List.Item.Meta
            title={
              <Space wrap size={[8, 0]}>
                <span className="cz-ops-id">{item.accountName}</span>
                <span>{item.title}</span>
                {item.amount ? <span className="cz-ops-id">{item.amount}</span> : null}
              </Space>
            }
            description={
              <Space wrap size={[8, 4]}>
                <span>
                  {t('queue.age')}: {ageText(t, item.ageSeconds)}
                </span>
                <ClaimTag item={item} />
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}

function Queues() {
  const { t } = useTranslation('opsReviews');
  const [params, setParams] = useSearchParams();
  const kind: TOpsReviewKind = isKind(params.get('kind'))
    ? (params.get('kind') as TOpsReviewKind)
    : 'verification';
  const open = (next: TOpsReviewKind) => setParams({ kind: next }, { replace: true });
  return (
    <div data-testid="ops-reviews">
      <Typography.Title level={1} className="cz-ops-page__title">
        {t('title')}
      </Typography.Title>
      <QueueCards onOpen={open} />
      <Card size="small" className="cz-review-lists">
        <Tabs
          activeKey={kind}
          onChange={(key) => open(key as TOpsReviewKind)}
          items={OpsReviewKinds.map((k) => ({
            key: k,
            label: <span data-testid={`ops-queue-tab-${k}`}>{t(`kinds.${k}`)}</span>,
            children: k === kind ? <QueueList kind={k} /> : null,
          }))}
        />
      </Card>
    </div>
  );
}

function Item() {
  const { t } = useTranslation('opsReviews');
  const { kind, id } = useParams();
  const itemId = Number(id);
  if (!isKind(kind) || !Number.isSafeInteger(itemId) || itemId <= 0) {
    return <Empty description={t('item.notFound')} />;
  }
  if (kind === 'verification') return <VerificationItem itemId={itemId} />;
  if (kind === 'remittance') return <RemittanceItem itemId={itemId} />;
  return <FormalItem itemId={itemId} />;
}

export default function ReviewsPage() {
  return (
    <Routes>
      <Route index element={<Queues />} />
      <Route path=":kind/:id" element={<Item />} />
    </Routes>
  );
}

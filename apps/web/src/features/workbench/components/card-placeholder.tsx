import { Card, Skeleton } from 'antd';

/** A workbench card while its data is on the way: the size of a card, so that nothing moves. */
export function CardPlaceholder() {
  return (
    <Card className="cz-card cz-workbench__placeholder" aria-busy="true" data-testid="workbench-card-loading">
      <Skeleton active title paragraph={{ rows: 3 }} />
    </Card>
  );
}

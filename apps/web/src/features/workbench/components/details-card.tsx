import { Card, Descriptions, type DescriptionsProps, Skeleton } from 'antd';
import type { ReactNode } from 'react';

type TDetailsCardProps = {
  title: ReactNode;
  testId: string;
  /** null while the data loads. */
  items: DescriptionsProps['items'] | null;
};

/** A workbench card of label/value rows, with a skeleton while its data loads. */
export function DetailsCard({ title, testId, items }: TDetailsCardProps) {
  return (
    <Card title={title} className="cz-card" data-testid={testId}>
      {items ? (
        <Descriptions
          column={1}
          size="small"
          colon={false}
          styles={{ label: { width: 132 } }}
          items={items}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

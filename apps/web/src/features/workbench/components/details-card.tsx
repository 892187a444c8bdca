import type { ReactNode } from 'react';
import { Card, FactList } from '@/components/ui/card';

type TDetailsCardProps = {
  title: ReactNode;
  testId: string;
  /** null while the data loads. */
  items: readonly { key: string; label: ReactNode; children: ReactNode }[] | null;
};

/** A workbench card of label/value rows, with a skeleton while its data loads. */
export function DetailsCard({ title, testId, items }: TDetailsCardProps) {
  return (
    <Card title={title} testId={testId} isLoading={!items} skeletonRows={4}>
      {items ? <FactList items={items} labelWidth={132} /> : null}
    </Card>
  );
}

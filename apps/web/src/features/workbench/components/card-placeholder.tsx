import { Card } from '@/components/ui/card';

/** A workbench card while its data is on the way: the size of a card, so that nothing moves. */
export function CardPlaceholder() {
  return (
    <Card className="cz-workbench__placeholder" isLoading skeletonRows={3} testId="workbench-card-loading" />
  );
}

/**
 * A table of the back office's pages: scrolls sideways inside its card when wider than it (a
 * named, keyboard-focusable region, as the customers' lists do) and shows its own empty phrase.
 */
import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { TableEmpty } from '@/components/ui/table-cells';
import { useKeyboardScroll } from '@/lib/use-keyboard-scroll';

export function ScrollTable<T extends object>({
  label,
  empty,
  ...props
}: TableProps<T> & { label: string; empty?: ReactNode }) {
  const scrollRef = useKeyboardScroll(label);
  return (
    <div ref={scrollRef} className="cz-ops-scroll-table">
      <Table<T> {...props} locale={{ emptyText: <TableEmpty text={empty} /> }} />
    </div>
  );
}

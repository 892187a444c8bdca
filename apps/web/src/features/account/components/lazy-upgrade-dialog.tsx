import { Suspense } from 'react';
import { lazyAntd } from '@/components/antd/lazy-antd';
import { chunkLoader } from '@/lib/lazy';
import type { TUpgradeDialogProps } from './upgrade-dialog';

const Dialog = lazyAntd<TUpgradeDialogProps>(chunkLoader(() => import('./upgrade-dialog')));

/** The upgrade-to-enterprise modal, loaded when first opened (header button, account center). */
export function LazyUpgradeDialog(props: TUpgradeDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

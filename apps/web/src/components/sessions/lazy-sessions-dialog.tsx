import { Suspense } from 'react';
import { lazyAntd } from '@/components/antd/lazy-antd';
import { chunkLoader } from '@/lib/lazy';
import type { TSessionsDialogProps } from './sessions-dialog';

const Dialog = lazyAntd<TSessionsDialogProps>(chunkLoader(() => import('./sessions-dialog')));

/** The sessions dialog, loaded when first opened (account center, user list). */
export function LazySessionsDialog(props: TSessionsDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

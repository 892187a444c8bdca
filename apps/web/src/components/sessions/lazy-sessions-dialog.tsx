import { Suspense } from 'react';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import type { TSessionsDialogProps } from './sessions-dialog';

const Dialog = lazyPage<TSessionsDialogProps>(chunkLoader(() => import('./sessions-dialog')));

/** The sessions dialog, loaded when first opened (account center, user list). */
export function LazySessionsDialog(props: TSessionsDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

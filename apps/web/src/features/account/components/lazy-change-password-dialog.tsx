import { Suspense } from 'react';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import type { TChangePasswordDialogProps } from './change-password-dialog';

const Dialog = lazyPage<TChangePasswordDialogProps>(chunkLoader(() => import('./change-password-dialog')));

/** The change-password dialog, loaded when first opened (user popover, account center, query flag). */
export function LazyChangePasswordDialog(props: TChangePasswordDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

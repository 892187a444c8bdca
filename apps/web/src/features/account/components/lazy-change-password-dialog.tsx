import { Suspense } from 'react';
import { lazyAntd } from '@/components/antd/lazy-antd';
import { chunkLoader } from '@/lib/lazy';
import type { TChangePasswordDialogProps } from './change-password-dialog';

const Dialog = lazyAntd<TChangePasswordDialogProps>(chunkLoader(() => import('./change-password-dialog')));

/** The change-password dialog, loaded when first opened (user popover, account center, query flag). */
export function LazyChangePasswordDialog(props: TChangePasswordDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

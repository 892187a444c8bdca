import { Suspense } from 'react';
import { lazyAntd } from '@/components/antd/lazy-antd';
import { chunkLoader } from '@/lib/lazy';
import type { TLoginProtectionDialogProps } from './login-protection-dialog';

const Dialog = lazyAntd<TLoginProtectionDialogProps>(chunkLoader(() => import('./login-protection-dialog')));

/** The login protection dialogs, loaded when first opened (from the workbench card or the user popover). */
export function LazyLoginProtectionDialog(props: TLoginProtectionDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { lazyAntd } from '@/components/antd/lazy-antd';
import { chunkLoader } from '@/lib/lazy';
import type { TProfileDialogProps } from './profile-dialog';

const Dialog = lazyAntd<TProfileDialogProps>(chunkLoader(() => import('./profile-dialog')));

/** My profile, loaded when first opened (user popover, `phone_edit` / `email_edit` query flags). */
export function LazyProfileDialog(props: TProfileDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

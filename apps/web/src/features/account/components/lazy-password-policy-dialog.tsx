import { Suspense } from 'react';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import type { TPasswordPolicyDialogProps } from './password-policy-dialog';

const Dialog = lazyPage<TPasswordPolicyDialogProps>(chunkLoader(() => import('./password-policy-dialog')));

/** The password policy dialog, loaded when an administrator first opens it. */
export function LazyPasswordPolicyDialog(props: TPasswordPolicyDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

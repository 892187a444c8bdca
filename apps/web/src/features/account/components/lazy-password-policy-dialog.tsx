import { Suspense } from 'react';
import { lazyAntd } from '@/components/antd/lazy-antd';
import { chunkLoader } from '@/lib/lazy';
import type { TPasswordPolicyDialogProps } from './password-policy-dialog';

const Dialog = lazyAntd<TPasswordPolicyDialogProps>(chunkLoader(() => import('./password-policy-dialog')));

/** The password policy dialog, loaded when an administrator first opens it. */
export function LazyPasswordPolicyDialog(props: TPasswordPolicyDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

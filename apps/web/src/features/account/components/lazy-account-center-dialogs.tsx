/**
 * The account center's dialogs of the account's facts (company name, registration phone,
 * activation code), loaded when one first opens: their forms, the phone field with its country
 * list and the code checks stay out of the page's first load.
 */
import { type ComponentType, Suspense } from 'react';
import { chunkLoader, lazyPage } from '@/lib/lazy';

const loadDialogs = chunkLoader(() => import('./account-center-dialogs'));
type TDialogs = Awaited<ReturnType<typeof loadDialogs>>;

/** One dialog of the chunk, drawn once it has loaded (nothing until then). */
function lazyDialog<K extends keyof TDialogs>(name: K) {
  type TProps = TDialogs[K] extends ComponentType<infer P> ? P & object : never;
  const Dialog = lazyPage<TProps>(() =>
    loadDialogs().then((m) => ({ default: m[name] as unknown as ComponentType<TProps> })),
  );
  return function LazyDialog(props: TProps) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

export const LazyCompanyDialog = lazyDialog('CompanyDialog');
export const LazyRegistrationPhoneDialog = lazyDialog('RegistrationPhoneDialog');
export const LazyActivationDialog = lazyDialog('ActivationDialog');

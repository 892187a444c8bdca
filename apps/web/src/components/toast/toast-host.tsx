/**
 * The toast of every page, public and console alike (decision 0033): one at a time, in one of two
 * live regions that are there from the first render, so that screen readers announce what is put
 * in them. The toast itself, its store and its look (`toaster.tsx`) are a chunk of their own that
 * the first toast loads: a page's first load does not carry them.
 */
import { useSyncExternalStore } from 'react';
import { chunkLoader } from '@/lib/lazy';
import type { TApiEventTexts, TNotifier, TToast } from '@/lib/notifier';
import './toast-host.css';

type TToaster = typeof import('./toaster');

let toaster: TToaster | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToaster = () => toaster;
const noToaster = () => null;

/** The toast's chunk, under the chunk-load timer; every host draws with it once it is here. */
const loadToaster = chunkLoader(() =>
  import('./toaster').then((loaded) => {
    toaster = loaded;
    for (const listener of listeners) listener();
    return loaded;
  }),
);

/** The notifier of every page: a toast, or an event of the API client worded as one. */
export function createToastNotifier(texts: () => TApiEventTexts): TNotifier {
  const show = (toast: (loaded: TToaster) => TToast) => {
    loadToaster().then(
      (loaded) => loaded.showToast(toast(loaded)),
      (error: unknown) => console.error('The toast could not be shown', error),
    );
  };
  return {
    show: (toast) => show(() => toast),
    notifyApiEvent: (event) => show((loaded) => loaded.describeApiEvent(event, texts())),
  };
}

/** The two live regions; the toast shows in the assertive one for warnings and errors. */
export function ToastHost({ closeLabel }: { closeLabel: string }) {
  // The server's render and the hydration draw the regions alone, as the first render does.
  const loaded = useSyncExternalStore(subscribe, getToaster, noToaster);
  const Toast = loaded?.Toast;
  return (
    <div className="cz-toaster">
      <div role="status" aria-live="polite">
        {Toast ? <Toast isUrgent={false} closeLabel={closeLabel} /> : null}
      </div>
      <div role="alert" aria-live="assertive">
        {Toast ? <Toast isUrgent closeLabel={closeLabel} /> : null}
      </div>
    </div>
  );
}

/**
 * The registered notifier (notifier.ts says what one is): the pages and the API client report
 * through it; start-up registers the app's toast. Apart from notifier.ts, so that a page's first
 * load does not carry the wording of the API client's events (`describeApiEvent`): that comes
 * with the first toast.
 */
import type { TNotifier, TToast } from './notifier';

const silent: TNotifier = { show: () => {}, notifyApiEvent: () => {} };
let notifier: TNotifier = silent;

/** Registers the notifier; answers a function restoring the previous one. */
export function setNotifier(next: TNotifier): () => void {
  const previous = notifier;
  notifier = next;
  return () => {
    if (notifier === next) notifier = previous;
  };
}

export function getNotifier(): TNotifier {
  return notifier;
}

export function toast(value: TToast): void {
  notifier.show(value);
}

import { describeApiEvent, type TApiEventTexts, type TNotifier } from '@/lib/notifier';
import { showToast } from './toast-store';

/** The notifier of the public pages: the light toast. */
export function createLightNotifier(texts: () => TApiEventTexts): TNotifier {
  return {
    show: (toast) => {
      showToast(toast);
    },
    notifyApiEvent: (event) => {
      showToast(describeApiEvent(event, texts()));
    },
  };
}

/**
 * The toast and its store (toast-host.tsx loads them with the first toast): the toast on screen,
 * drawn in the live region of its urgency.
 */
import { useSyncExternalStore } from 'react';
import { Icon } from '../ui/icon';
import { dismissToast, getToast, subscribeToast } from './toast-store';
import './toast.css';

// The wording of the API client's events comes with the toast that shows them.
export { describeApiEvent } from '@/lib/notifier';
export { showToast } from './toast-store';

/** The toast on screen when its urgency is the region's (warnings and errors are urgent). */
export function Toast({ isUrgent, closeLabel }: { isUrgent: boolean; closeLabel: string }) {
  const toast = useSyncExternalStore(subscribeToast, getToast, getToast);
  if (!toast || (toast.level === 'error' || toast.level === 'warning') !== isUrgent) return null;
  return (
    <div
      key={toast.id}
      className={`cz-toast cz-toast--${toast.level}`}
      data-testid="toast"
      data-level={toast.level}
    >
      <Icon name={toast.level} className="cz-toast__icon" />
      <div className="cz-toast__body">
        <div className="cz-toast__title">{toast.title}</div>
        {toast.description ? <div className="cz-toast__text">{toast.description}</div> : null}
      </div>
      <button
        type="button"
        className="cz-toast__close"
        aria-label={closeLabel}
        onClick={() => dismissToast(toast.id)}
      >
        <Icon name="x" size={16} />
      </button>
    </div>
  );
}

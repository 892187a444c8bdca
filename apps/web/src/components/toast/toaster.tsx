import { useSyncExternalStore } from 'react';
import { Icon } from '../ui/icon';
import { dismissToast, getToast, subscribeToast } from './toast-store';
import './toast.css';

/** The app's toast, on the public pages and in the console (decision 0033). */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const toast = useSyncExternalStore(subscribeToast, getToast, getToast);
  const isUrgent = toast?.level === 'error' || toast?.level === 'warning';
  const node = toast ? (
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
  ) : null;
  // Two live regions exist before any toast, so that screen readers announce what is put in them.
  return (
    <div className="cz-toaster">
      <div role="status" aria-live="polite">
        {isUrgent ? null : node}
      </div>
      <div role="alert" aria-live="assertive">
        {isUrgent ? node : null}
      </div>
    </div>
  );
}

import { type RefObject, useEffect } from 'react';

/** Closes a popup on a click outside `ref` or on Escape (then gives focus back to `returnFocus`). */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onClose: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
        returnFocus?.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, isOpen, onClose, returnFocus]);
}

/** Moves focus among the focusable items of a list with the arrow keys, Home and End. */
export function moveFocus(
  container: HTMLElement | null,
  event: { key: string; preventDefault(): void },
  selector: string,
) {
  if (!container) return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(selector));
  if (items.length === 0) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next = -1;
  if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
  else if (event.key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = items.length - 1;
  if (next >= 0) {
    event.preventDefault();
    items[next]?.focus();
  }
}

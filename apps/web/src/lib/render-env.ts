/**
 * Where a render happens: in the browser, or on the server that prerenders the login page (no
 * window there). A first render that hydrates the prerendered page, like the server's own, must
 * give exactly the server's HTML: it reads nothing of the address or the cookies (the page reads
 * them in an effect right after).
 */
export const isServerRender = typeof window === 'undefined';

let isHydratingNow = false;
let hasHeldSubmit = false;
let release: (() => void) | null = null;

/** Set by start-up while the browser hydrates the prerendered page, cleared by the page once hydrated. */
export function setHydrating(value: boolean): void {
  const wasHydrating = isHydratingNow;
  isHydratingNow = value;
  if (!value) {
    release?.();
    release = null;
    // The prerendered page is the script's now: every control works (`data-hydrated`).
    if (wasHydrating && !isServerRender) document.getElementById('root')?.setAttribute('data-hydrated', '');
  }
}

/**
 * Until the prerendered page is hydrated, a submit of its form is held (the form would post
 * itself), for the page to make once hydrated (`takeHeldSubmit`).
 */
export function holdSubmits(root: HTMLElement & { czHold?: EventListener }): void {
  // The page's inline boot script held submits until now (decision 0027).
  if (root.czHold) root.removeEventListener('submit', root.czHold, true);
  if (root.dataset.held) hasHeldSubmit = true;
  delete root.dataset.held;
  const hold = (event: Event) => {
    event.preventDefault();
    hasHeldSubmit = true;
  };
  root.addEventListener('submit', hold, true);
  release = () => root.removeEventListener('submit', hold, true);
}

/** Whether a submit was held before the hydration; holds no more. */
export function takeHeldSubmit(): boolean {
  release?.();
  release = null;
  const was = hasHeldSubmit;
  hasHeldSubmit = false;
  return was;
}

/** True for a render that must equal the prerendered HTML (the server's, or the hydration). */
export function isPrerenderPass(): boolean {
  return isServerRender || isHydratingNow;
}

import { afterEach, describe, expect, it } from 'vitest';
import { holdSubmits, takeHeldSubmit } from './render-env';

/** A prerendered root with its form, as the server sends it. */
function prerenderedRoot(): HTMLElement & { czHold?: EventListener } {
  const root = document.createElement('div');
  root.innerHTML = '<form method="post"><button type="submit">Log in</button></form>';
  document.body.append(root);
  return root;
}

function submit(root: HTMLElement): Event {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  root.querySelector('form')?.dispatchEvent(event);
  return event;
}

afterEach(() => {
  takeHeldSubmit();
  document.body.replaceChildren();
});

describe('submits of the prerendered form before the hydration', () => {
  it('are held from the entry on, and made once by the hydrated page', () => {
    const root = prerenderedRoot();
    holdSubmits(root);
    expect(submit(root).defaultPrevented).toBe(true);
    expect(takeHeldSubmit()).toBe(true);
    expect(takeHeldSubmit()).toBe(false);
    // Hydrated: the form is the page's again.
    expect(submit(root).defaultPrevented).toBe(false);
  });

  it("take over the boot script's hold: a submit it held is made, its listener is gone", () => {
    const root = prerenderedRoot();
    // What the login page's inline boot script does before any module runs (login-page.ts).
    const early: EventListener = (event) => {
      event.preventDefault();
      root.dataset.held = '1';
    };
    root.addEventListener('submit', early, true);
    root.czHold = early;
    expect(submit(root).defaultPrevented).toBe(true);
    holdSubmits(root);
    expect(takeHeldSubmit()).toBe(true);
    // Neither hold is left once the page took the submit.
    expect(submit(root).defaultPrevented).toBe(false);
    expect(root.dataset.held).toBeUndefined();
  });

  it('hold nothing when nothing was submitted', () => {
    const root = prerenderedRoot();
    holdSubmits(root);
    expect(takeHeldSubmit()).toBe(false);
  });
});

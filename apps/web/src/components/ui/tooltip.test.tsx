import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tooltip } from './tooltip';

/** Puts the wrapper of the tooltip at `rect` in a window `width` wide. */
function place(
  wrapper: HTMLElement,
  rect: { left: number; top: number; width: number; height: number },
  width: number,
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  wrapper.getBoundingClientRect = () =>
    ({
      ...rect,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
      x: rect.left,
      y: rect.top,
    }) as DOMRect;
}

const windowWidth = window.innerWidth;

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: windowWidth });
});

describe('the light tooltip', () => {
  it('shows its text on hover and on focus, tied to the control, and hides it on Escape', () => {
    render(
      <Tooltip title="No permission" placement="right">
        <button type="button">Audit</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Audit' });
    const wrapper = button.parentElement as HTMLElement;
    place(wrapper, { left: 8, top: 100, width: 200, height: 40 }, 1440);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseOver(button);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('No permission');
    expect(wrapper.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.className).toContain('cz-tip__bubble--right');
    expect(tip.style.left).toBe('216px');
    fireEvent.mouseLeave(wrapper);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(button);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('goes below, kept inside the window, where the right side has no room (a phone)', () => {
    render(
      <Tooltip title="No permission" placement="right">
        <button type="button">Audit</button>
      </Tooltip>,
    );
    const wrapper = screen.getByRole('button').parentElement as HTMLElement;
    place(wrapper, { left: 16, top: 300, width: 256, height: 40 }, 390);
    fireEvent.mouseOver(wrapper);
    const tip = screen.getByRole('tooltip');
    expect(tip.className).toContain('cz-tip__bubble--bottom');
    expect(tip.style.top).toBe('346px');
    // Centred on the item (144 px), which leaves the 260 px bubble inside 390 px (8 px margins).
    const left = Number.parseFloat(tip.style.left);
    expect(left - 130).toBeGreaterThanOrEqual(8);
    expect(left + 130).toBeLessThanOrEqual(382);
  });

  it('draws only its children without a title', () => {
    render(
      <Tooltip title="">
        <button type="button">Audit</button>
      </Tooltip>,
    );
    fireEvent.mouseOver(screen.getByRole('button'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens when the pointer comes from an element whose mouseout React never saw (a page just left)', () => {
    // The login page's button is gone when the console draws: its `mouseout` goes to a detached
    // node, so React derives no `mouseenter` from it. The tooltip listens to `mouseover` instead.
    render(<button type="button">Sign in</button>);
    const gone = screen.getByRole('button', { name: 'Sign in' });
    render(
      <Tooltip title="No permission" placement="right">
        <span>Audit</span>
      </Tooltip>,
    );
    const label = screen.getByText('Audit');
    place(label.parentElement as HTMLElement, { left: 8, top: 100, width: 200, height: 40 }, 1440);
    fireEvent.mouseOver(label, { relatedTarget: gone });
    expect(screen.getByRole('tooltip').textContent).toBe('No permission');
    // Moving on within the control keeps the one bubble.
    fireEvent.mouseOver(label.parentElement as HTMLElement, { relatedTarget: label });
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });
});

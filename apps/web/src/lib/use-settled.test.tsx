/**
 * `useSettled`: a component waits for a tracked promise without suspending (React holds the reveal
 * of suspended content for up to 300 ms after a fallback), and draws again once it settled.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { trackPromise, useSettled } from './use-settled';

afterEach(cleanup);

function Waiting({ promise }: { promise: Promise<unknown> | null }) {
  const isSettled = useSettled(promise);
  return <p data-testid="state">{isSettled ? 'settled' : 'waiting'}</p>;
}

function deferred() {
  let resolve: (value: unknown) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = trackPromise(
    new Promise((ok, fail) => {
      resolve = ok;
      reject = fail;
    }),
  );
  return { promise, resolve, reject };
}

describe('useSettled', () => {
  it('waits for a pending promise, then draws again once it is fulfilled', async () => {
    const { promise, resolve } = deferred();
    render(<Waiting promise={promise} />);
    expect(screen.getByTestId('state').textContent).toBe('waiting');
    await act(async () => resolve('chunk'));
    expect(screen.getByTestId('state').textContent).toBe('settled');
  });

  it('counts a rejected promise as settled: the page behind it reports the failure', async () => {
    const { promise, reject } = deferred();
    render(<Waiting promise={promise} />);
    await act(async () => reject(new Error('chunk failed')));
    expect(screen.getByTestId('state').textContent).toBe('settled');
  });

  it('reads a promise that settled before the render at once, and no promise as settled', async () => {
    const { promise, resolve } = deferred();
    resolve('chunk');
    await promise;
    render(<Waiting promise={promise} />);
    expect(screen.getByTestId('state').textContent).toBe('settled');
    cleanup();
    render(<Waiting promise={null} />);
    expect(screen.getByTestId('state').textContent).toBe('settled');
  });

  it('follows the promise it is given: a new pending one waits again', async () => {
    const first = deferred();
    const second = deferred();
    const { rerender } = render(<Waiting promise={first.promise} />);
    await act(async () => first.resolve('one'));
    rerender(<Waiting promise={second.promise} />);
    expect(screen.getByTestId('state').textContent).toBe('waiting');
    await act(async () => second.resolve('two'));
    expect(screen.getByTestId('state').textContent).toBe('settled');
  });
});

import { ErrorCode } from '@console/contract/codes';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LinkChecking, LinkResult } from '@/components/public-layout/link-result';
import { ApiError } from './api-client';
import { linkFailure, useLinkRead } from './use-link-read';

const texts = { networkError: 'The network failed', requestFailed: 'The request failed' };
const refusals = [ErrorCode.confirmLinkInvalid, ErrorCode.badRequest];
const refused = (code: number, message: string) =>
  new ApiError({ kind: 'business', code, status: 200, path: '/api/x', message });

afterEach(cleanup);

describe('what a failed call of a link’s page means', () => {
  it('is the link’s own refusal for its codes, in the server’s words', () => {
    expect(
      linkFailure(refused(ErrorCode.confirmLinkInvalid, 'This link is not valid'), refusals, texts),
    ).toEqual({
      status: 'refused',
      code: ErrorCode.confirmLinkInvalid,
      message: 'This link is not valid',
    });
  });

  it('leaves a token the server could not read to the page’s own words', () => {
    const unreadable = new ApiError({
      kind: 'http',
      code: 400,
      status: 400,
      path: '/api/x',
      message: 'token: Invalid',
    });
    expect(ErrorCode.badRequest).toBe(400);
    expect(linkFailure(unreadable, refusals, texts)).toEqual({ status: 'refused', code: 400, message: null });
  });

  it('is a failure to try again for anything else, the network and a time-out in the page’s words', () => {
    expect(linkFailure(refused(ErrorCode.tooManyRequests, 'Too many requests'), refusals, texts)).toEqual({
      status: 'failed',
      message: 'Too many requests',
    });
    for (const kind of ['network', 'timeout'] as const) {
      const cause = new ApiError({ kind, code: 0, status: 0, path: '/api/x', message: kind });
      expect(linkFailure(cause, refusals, texts)).toEqual({ status: 'failed', message: texts.networkError });
    }
    expect(linkFailure(new Error('boom'), refusals, texts)).toEqual({
      status: 'failed',
      message: texts.requestFailed,
    });
  });
});

/** A page opened from a link, drawn with the shared block. */
function LinkPage({ token, read }: { token: string | null; read: (token: string) => Promise<string> }) {
  const link = useLinkRead(token, read, refusals, texts);
  const { state } = link;
  if (state.status === 'loading') return <LinkChecking text="Reading the link…" testId="checking" />;
  if (state.status === 'ready') return <p data-testid="content">{state.value}</p>;
  if (state.status === 'refused')
    return (
      <LinkResult
        kind="error"
        title="This link is not valid"
        text={state.message ?? 'Open the whole link you were sent.'}
        testId="refused"
        login={{ label: 'Back to login', testId: 'login' }}
      />
    );
  return (
    <LinkResult
      kind="warning"
      title="It could not be loaded"
      text={state.message}
      testId="failed"
      login={{ label: 'Back to login', testId: 'login' }}
      retry={{ label: 'Try again', onRetry: link.retry, testId: 'retry' }}
    />
  );
}

describe('a page opened from a link', () => {
  it('says the link is incomplete without its token, and asks nothing of the server', () => {
    const read = vi.fn(async (token: string) => token);
    render(<LinkPage token={null} read={read} />);
    expect(screen.getByTestId('refused').textContent).toContain('Open the whole link you were sent.');
    expect(screen.getByTestId('refused').getAttribute('data-kind')).toBe('error');
    expect(read).not.toHaveBeenCalled();
  });

  it('waits for the link, then shows what it names', async () => {
    let resolve: (value: string) => void = () => {};
    const read = vi.fn((_token: string) => new Promise<string>((r) => (resolve = r)));
    render(<LinkPage token="tok" read={read} />);
    expect(screen.getByTestId('checking').getAttribute('aria-busy')).toBe('true');
    await act(async () => resolve('the change request'));
    expect(screen.getByTestId('content').textContent).toBe('the change request');
    expect(read).toHaveBeenCalledWith('tok', expect.any(AbortSignal));
  });

  it('shows the refusal with the way back to the login page, which replaces the spent link', async () => {
    render(
      <LinkPage
        token="tok"
        read={async () => Promise.reject(refused(ErrorCode.confirmLinkInvalid, 'Used once already'))}
      />,
    );
    const result = await screen.findByTestId('refused');
    expect(result.textContent).toContain('Used once already');
    expect(screen.getByTestId('login').getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('retry')).toBeNull();
  });

  it('offers another try after a failure, and reads the link again', async () => {
    let isDown = true;
    const read = vi.fn(async (token: string) => {
      if (isDown)
        throw new ApiError({ kind: 'network', code: 0, status: 0, path: '/api/x', message: 'network' });
      return `read ${token}`;
    });
    render(<LinkPage token="tok" read={read} />);
    expect((await screen.findByTestId('failed')).textContent).toContain(texts.networkError);
    isDown = false;
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(screen.getByTestId('content').textContent).toBe('read tok'));
    expect(read).toHaveBeenCalledTimes(2);
  });
});

// test-isolated: the client's handlers live in its module; no call of another file may use them.
import { opsRoutes } from '@console/contract/ops';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callOps, configureOpsClient, isOpsError, type OpsApiError, opsErrorText, opsUrl } from './ops-api';
import { opsRoleCan } from './ops-session';

type TCall = { url: string; init: RequestInit };
let calls: TCall[];
let answers: Array<{ status: number; body: unknown }>;
let sessionEnds: OpsApiError[];
let shown: OpsApiError[];
let restore: () => void;

beforeEach(() => {
  calls = [];
  answers = [];
  sessionEnds = [];
  shown = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift() ?? { status: 200, body: { code: 0, message: 'ok', data: null } };
      return new Response(JSON.stringify(next.body), {
        status: next.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  restore = configureOpsClient({
    onSessionEnd: (error) => sessionEnds.push(error),
    onError: (error) => shown.push(error),
    onStepUp: null,
  });
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

const me = {
  operator: {
    id: 1,
    username: 'root.owner',
    role: 'owner',
    status: 'active',
    hasAuthenticator: true,
    mustChangePassword: false,
    createdAt: '2026-12-01T00:00:00.000Z',
    lastSignInAt: null,
  },
  secondFactorAt: '2026-12-02T00:00:00.000Z',
  expiresAt: '2026-12-02T08:00:00.000Z',
};

describe('callOps', () => {
  it("calls the route of the contract's table with the language, and answers its data", async () => {
    answers.push({ status: 200, body: { code: 0, message: 'ok', data: me } });
    const data = await callOps('opsMe');
    expect(data.operator.username).toBe('root.owner');
    expect(calls[0]?.url).toBe(opsRoutes.opsMe.path);
    expect(calls[0]?.init.method).toBe('GET');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['cz-lang']).toMatch(/^(zh-CN|en-US)$/);
    // A read carries no client header; a write does (the cookie's rule on the server).
    expect(headers['x-cz-client']).toBeUndefined();
  });

  it('sends a write as JSON with the X-CZ-Client header', async () => {
    await callOps('opsSignIn', { body: { username: 'root.owner', password: 'x' } });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.init.method).toBe('POST');
    expect(headers['x-cz-client']).toBe('web');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ username: 'root.owner', password: 'x' });
  });

  it.each([
    ['HTTP 401', 401, { code: 401, message: 'Please sign in', data: null }],
    ['a setup not finished (4301)', 200, { code: 4301, message: 'Set up first', data: null }],
  ])('ends the session on %s, without a message', async (_name, status, body) => {
    answers.push({ status, body });
    await expect(callOps('opsMe')).rejects.toMatchObject({ kind: 'session' });
    expect(sessionEnds).toHaveLength(1);
    expect(shown).toHaveLength(0);
  });

  it("shows a refusal in the server's words, unless the page shows it itself", async () => {
    answers.push({
      status: 200,
      body: { code: 4305, message: 'An operator with this username already exists.', data: null },
    });
    const error = await callOps('opsCreateOperator', { body: { username: 'abc', role: 'support' } }).catch(
      (e) => e,
    );
    expect(isOpsError(error, 4305)).toBe(true);
    expect(shown.map((e) => e.message)).toEqual(['An operator with this username already exists.']);
    answers.push({ status: 200, body: { code: 4305, message: 'exists', data: null } });
    await callOps('opsCreateOperator', {
      body: { username: 'abc', role: 'support' },
      quietCodes: [4305],
    }).catch(() => {});
    answers.push({ status: 200, body: { code: 4305, message: 'exists', data: null } });
    await callOps('opsCreateOperator', { body: { username: 'abc', role: 'support' }, hints: false }).catch(
      () => {},
    );
    expect(shown).toHaveLength(1);
  });

  it('answers the first field error of a 400 as its text', async () => {
    answers.push({
      status: 400,
      body: {
        code: 400,
        message: 'Bad request',
        data: { fieldErrors: { username: 'The username is invalid' } },
      },
    });
    const error = await callOps('opsSignIn', { body: { username: 'A', password: 'x' }, hints: false }).catch(
      (e) => e,
    );
    expect(opsErrorText(error)).toBe('The username is invalid');
  });

  it('asks for the second factor on 4302 and sends the act once more', async () => {
    const stepUp = vi.fn(async () => true);
    configureOpsClient({ onStepUp: stepUp });
    answers.push({ status: 200, body: { code: 4302, message: 'Again', data: null } });
    answers.push({ status: 200, body: { code: 0, message: 'ok', data: me.operator } });
    const data = await callOps('opsResetOperatorSecondFactor', {
      body: { operatorId: 2, reason: 'lost phone' },
    });
    expect(data.username).toBe('root.owner');
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(shown).toHaveLength(0);
  });

  it('keeps the step-up handler when another configuration is undone (an effect running again)', async () => {
    const stepUp = vi.fn(async () => true);
    const undoOther = configureOpsClient({ onError: (error) => shown.push(error) });
    configureOpsClient({ onStepUp: stepUp });
    undoOther();
    answers.push({ status: 200, body: { code: 4302, message: 'Again', data: null } });
    answers.push({ status: 200, body: { code: 0, message: 'ok', data: me.operator } });
    await callOps('opsResetOperatorSecondFactor', { body: { operatorId: 2, reason: 'r' } });
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('leaves the act undone, quietly, when the operator gives up the step-up', async () => {
    configureOpsClient({ onStepUp: async () => false });
    answers.push({ status: 200, body: { code: 4302, message: 'Again', data: null } });
    const error = await callOps('opsResetOperatorSecondFactor', {
      body: { operatorId: 2, reason: 'r' },
    }).catch((e) => e);
    expect(isOpsError(error, 4302)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(shown).toHaveLength(0);
  });

  it('retries once only: a second 4302 shows', async () => {
    const stepUp = vi.fn(async () => true);
    configureOpsClient({ onStepUp: stepUp });
    answers.push({ status: 200, body: { code: 4302, message: 'Again', data: null } });
    answers.push({ status: 200, body: { code: 4302, message: 'Again', data: null } });
    await callOps('opsResetOperatorSecondFactor', { body: { operatorId: 2, reason: 'r' } }).catch(() => {});
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(shown.map((e) => e.code)).toEqual([4302]);
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(callOps('opsMe')).rejects.toMatchObject({ kind: 'network' });
    expect(shown.map((e) => e.kind)).toEqual(['network']);
  });
});

describe('opsUrl', () => {
  it('fills path parameters and leaves empty query values out', () => {
    expect(
      opsUrl('/api/ops/accounts/:id/users', { id: 12 }, { q: 'a b', page: 2, empty: '', none: undefined }),
    ).toBe('/api/ops/accounts/12/users?q=a+b&page=2');
    expect(() => opsUrl('/api/ops/accounts/:id', {})).toThrow();
  });
});

describe('opsRoleCan', () => {
  it("follows the contract's roles of the route", () => {
    expect(opsRoleCan('owner', 'opsListOperators')).toBe(true);
    expect(opsRoleCan('support', 'opsListOperators')).toBe(false);
    expect(opsRoleCan('auditor', 'opsMe')).toBe(true);
    expect(opsRoleCan(null, 'opsMe')).toBe(false);
    expect(opsRoleCan(null, 'opsSignIn')).toBe(true);
  });
});

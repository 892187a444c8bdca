import type { TAuthVo } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { resolveAccess, resourceOfPath, type TSession } from './access';

const menu = (...names: string[]): TAuthVo[] =>
  names.map((resourceName) => ({ resourceName, resourceType: 0 }));

const admin: TSession = {
  accountId: 5,
  accountName: 'demo',
  accountDisplayName: 'DemoCo',
  auths: menu('workbench', 'userManage', 'serviceManage', 'billing', 'auditManage'),
  isBillingAvailable: true,
};
const member: TSession = {
  accountId: 5,
  accountName: 'demo',
  accountDisplayName: 'DemoCo',
  auths: menu('workbench', 'serviceManage'),
  isBillingAvailable: true,
};

const cloud = (pathname: string, session: TSession | null, search = '') =>
  resolveAccess({ pathname, search, deployMode: 'cloud', session });
const onprem = (pathname: string, session: TSession | null, search = '') =>
  resolveAccess({ pathname, search, deployMode: 'onprem', session });

describe('public and shared routes', () => {
  it.each([
    '/login',
    '/noAuth',
    '/noFound',
    '/register',
    '/findPassword',
    '/confirm-change',
    '/userManage/12',
    '/sso-error',
  ])('%s needs no session', (path) => {
    expect(cloud(path, null)).toMatchObject({ kind: 'public' });
  });

  it('treats /share/jobProfile as a shared page', () => {
    expect(cloud('/share/jobProfile', null)).toMatchObject({ kind: 'public', route: { access: 'shared' } });
  });

  it('does not prefix public paths on-premise', () => {
    expect(onprem('/login', null)).toMatchObject({ kind: 'public' });
    expect(onprem('/noAuth', admin)).toMatchObject({ kind: 'public' });
  });
});

describe('the session check', () => {
  it('sends an anonymous visit of any other route to /login with the path as redirect', () => {
    expect(cloud('/billing', null)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fbilling',
      reason: 'login',
    });
    expect(cloud('/billing/cost', null, '?month=3')).toMatchObject({
      to: `/login?redirect=${encodeURIComponent('/billing/cost?month=3')}`,
    });
    expect(cloud('/what/ever', null)).toMatchObject({ kind: 'redirect', reason: 'login' });
  });

  it('sends an anonymous visit of / to /login without a redirect parameter', () => {
    expect(cloud('/', null)).toEqual({ kind: 'redirect', to: '/login', reason: 'login' });
  });
});

describe('routes of a signed-in user', () => {
  it('sends / to /workbench', () => {
    expect(cloud('/', admin)).toEqual({ kind: 'redirect', to: '/workbench', reason: 'home' });
  });

  it('sends an unknown route to /noFound (after the session check)', () => {
    expect(cloud('/nothing/here', admin)).toEqual({ kind: 'redirect', to: '/noFound', reason: 'noFound' });
    expect(cloud('/accountManage', admin)).toMatchObject({ to: '/noFound' });
  });

  it('allows a permitted route with its params', () => {
    expect(cloud('/billing/cost/month/202603', admin)).toMatchObject({
      kind: 'console',
      route: { id: 'monthBill', back: 'cost' },
      params: { id: '202603' },
      prefix: '',
    });
  });

  it('checks the first path segment, skipping accountManage', () => {
    expect(resourceOfPath('/accountManage/userManage')).toBe('userManage');
    expect(resourceOfPath('/accountManage/accountInfo/authentication')).toBe('workbench');
    expect(resourceOfPath('/billing/balance/topUp')).toBe('billing');
    expect(resourceOfPath('/serviceManage/insightUserManage')).toBe('serviceManage');
    expect(cloud('/accountManage/userManage', member)).toEqual({
      kind: 'redirect',
      to: '/noAuth',
      reason: 'noAuth',
    });
    expect(cloud('/accountManage/accountInfo', member)).toMatchObject({
      kind: 'console',
      route: { id: 'accountInfo' },
    });
    expect(cloud('/auditManage', member)).toMatchObject({ to: '/noAuth' });
    expect(cloud('/serviceManage/insightUserManage', member)).toMatchObject({ kind: 'console' });
  });

  it('sends billing to /noAuth without the billing permission or when the billing feature is off', () => {
    expect(cloud('/billing/balance', member)).toMatchObject({ to: '/noAuth' });
    expect(cloud('/billing/balance', { ...admin, isBillingAvailable: false })).toMatchObject({
      to: '/noAuth',
    });
    expect(cloud('/billing/balance', admin)).toMatchObject({
      kind: 'console',
      route: { id: 'balance', hasHeader: false },
    });
  });
});

describe('on-premise paths', () => {
  it('prefix console paths with /accounts/{accountId}', () => {
    expect(onprem('/accounts/5/workbench', admin)).toMatchObject({
      kind: 'console',
      route: { id: 'workbench' },
      prefix: '/accounts/5',
      path: '/workbench',
    });
    expect(onprem('/accounts/5/accountManage/userManage', member)).toMatchObject({ to: '/noAuth' });
  });

  it('send another account id to /noAuth', () => {
    expect(onprem('/accounts/6/workbench', admin)).toEqual({
      kind: 'redirect',
      to: '/noAuth',
      reason: 'noAuth',
    });
  });

  it('take the account display name (or name) in place of the id, keeping it in the prefix', () => {
    expect(onprem('/accounts/DemoCo/workbench', admin)).toMatchObject({
      kind: 'console',
      route: { id: 'workbench' },
      prefix: '/accounts/DemoCo',
      path: '/workbench',
    });
    // Letter case aside, and the account's name as well.
    expect(onprem('/accounts/democo/billing/cost/month/202603', admin)).toMatchObject({
      kind: 'console',
      route: { id: 'monthBill' },
      params: { id: '202603' },
      prefix: '/accounts/democo',
    });
    expect(onprem('/accounts/demo/serviceManage', member)).toMatchObject({
      kind: 'console',
      prefix: '/accounts/demo',
    });
    // The same access rule applies under a name.
    expect(onprem('/accounts/DemoCo/auditManage', member)).toMatchObject({ to: '/noAuth' });
    // The account alone goes home under the same form.
    expect(onprem('/accounts/DemoCo', admin)).toMatchObject({
      to: '/accounts/DemoCo/workbench',
      reason: 'home',
    });
  });

  it('send another account’s name, or a malformed one, to /noAuth', () => {
    for (const path of [
      '/accounts/acme/workbench',
      '/accounts/DemoCoX/workbench',
      '/accounts/%E0%A4%A/workbench',
    ]) {
      expect(onprem(path, admin)).toEqual({ kind: 'redirect', to: '/noAuth', reason: 'noAuth' });
    }
  });

  it('put the prefix in front of an unprefixed console path, and / goes home', () => {
    expect(onprem('/billing/cost', admin, '?y=1')).toMatchObject({ to: '/accounts/5/billing/cost?y=1' });
    expect(onprem('/', admin)).toMatchObject({ to: '/accounts/5/workbench' });
    expect(onprem('/accounts/5', admin)).toMatchObject({ to: '/accounts/5/workbench', reason: 'home' });
  });

  it('still needs a session, keeping the prefixed path as redirect', () => {
    expect(onprem('/accounts/5/workbench', null)).toMatchObject({
      to: `/login?redirect=${encodeURIComponent('/accounts/5/workbench')}`,
    });
  });

  it('do not exist in the cloud', () => {
    expect(cloud('/accounts/5/workbench', admin)).toMatchObject({ to: '/noFound' });
  });
});

describe('the single sign-on configuration', () => {
  it('opens for administrators only, with the on-premise prefix', () => {
    expect(cloud('/accountManage/sso', admin)).toMatchObject({ kind: 'console', route: { id: 'sso' } });
    expect(cloud('/accountManage/sso', member)).toMatchObject({ kind: 'redirect', to: '/noAuth' });
    expect(onprem('/accounts/5/accountManage/sso', admin)).toMatchObject({
      kind: 'console',
      route: { id: 'sso' },
      prefix: '/accounts/5',
      path: '/accountManage/sso',
    });
    expect(onprem('/accountManage/sso', admin)).toMatchObject({ to: '/accounts/5/accountManage/sso' });
    expect(onprem('/accounts/5/accountManage/sso', member)).toMatchObject({ to: '/noAuth' });
  });
});

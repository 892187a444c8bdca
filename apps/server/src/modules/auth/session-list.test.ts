import { ErrorCode } from '@console/contract/codes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookie,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';
import { auditEntries, sessions } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { describeUserAgent } from './session-list.service';

type TSession = {
  id: number;
  isCurrent: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  deviceType: string;
  method: string | null;
};

const agents = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

let t: TTestApp;
let demo: TSeededAccount;
let other: TSeededAccount;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAccount(t.deps, 'demo');
  other = await seedAccount(t.deps, 'acme');
});
afterAll(() => t.close());

/** Signs in from a browser of `agent`; answers the token. */
async function signInFrom(account: string, user: TSeededAccount['admin'], agent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'cz-lang': 'en-US', 'user-agent': agent },
    payload: { accountDisplayName: account, username: user.username, password: user.password },
  });
  return envelope<{ token: string }>(res).data.token;
}

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const listOf = async (token: string) =>
  envelope<{ list: TSession[] }>(await get('/api/portal/user/sessions', token));
const isAlive = async (token: string) =>
  envelope(await post('/api/portal/user/getCurrentUser', token)).code === 0;

async function endedEntries(objectId: number) {
  return t.deps.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, 'auth.sessionEnded'), eq(auditEntries.objectId, String(objectId))));
}

describe('describeUserAgent', () => {
  it('names browser, system and kind of device, and nothing it cannot read', () => {
    expect(describeUserAgent(agents.mac)).toEqual({
      browser: 'Chrome 131',
      os: 'Mac OS 10.15.7',
      deviceType: 'desktop',
    });
    expect(describeUserAgent(agents.iphone)).toEqual({
      browser: 'Mobile Safari 17',
      os: 'iOS 17.5',
      deviceType: 'mobile',
    });
    expect(describeUserAgent(agents.ipad).deviceType).toBe('tablet');
    expect(describeUserAgent(agents.windowsFirefox)).toMatchObject({
      browser: 'Firefox 133',
      os: 'Windows 10',
    });
    expect(describeUserAgent('curl/8.5.0').deviceType).toBe('other');
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, deviceType: 'other' });
  });
});

describe("a user's own sessions", () => {
  it('lists the live sessions, the current one first, then the most recently active, with device, address and method', async () => {
    const onMac = await signInFrom('demo', demo.member, agents.mac);
    t.clock.advance(120_000);
    const onPhone = await signInFrom('demo', demo.member, agents.iphone);
    t.clock.advance(120_000);
    await signInFrom('demo', demo.member, agents.windowsFirefox);
    const mine = await listOf(onMac);
    expect(mine.code).toBe(0);
    const [first, second, third] = mine.data.list;
    expect(mine.data.list).toHaveLength(3);
    expect(first).toMatchObject({
      isCurrent: true,
      browser: 'Chrome 131',
      os: 'Mac OS 10.15.7',
      method: 'password',
    });
    expect(first?.ip).toBe('127.0.0.1');
    expect(second).toMatchObject({ isCurrent: false, browser: 'Firefox 133', deviceType: 'desktop' });
    expect(third).toMatchObject({ isCurrent: false, browser: 'Mobile Safari 17', deviceType: 'mobile' });
    expect(Date.parse(String(second?.lastSeenAt))).toBeGreaterThan(Date.parse(String(third?.lastSeenAt)));
    // The same list from the phone marks the phone's session.
    expect((await listOf(onPhone)).data.list.find((s) => s.isCurrent)?.browser).toBe('Mobile Safari 17');
    // Nothing secret: no token, no digest, no user agent string.
    expect(JSON.stringify(mine.data)).not.toMatch(/token|hash|Mozilla/i);
  });

  it('leaves out ended, idle and expired sessions', async () => {
    const token = await signInFrom('demo', demo.admin, agents.mac);
    const idle = await signInFrom('demo', demo.admin, agents.windowsFirefox);
    const loggedOut = await signInFrom('demo', demo.admin, agents.iphone);
    await post('/api/logout', loggedOut);
    // An idle session: its last activity before the idle period.
    await t.deps.db
      .update(sessions)
      .set({
        lastSeenAt: new Date(t.clock.now().getTime() - t.deps.config.sessionIdleMinutes * 60_000 - 1000),
      })
      .where(eq(sessions.tokenHash, sha256(idle)));
    const list = (await listOf(token)).data.list;
    expect(list.map((s) => s.browser)).toEqual(['Chrome 131']);
  });

  it('ends one session: its holder is told at its next request (4004), and the entry names who ended it', async () => {
    const here = await signInFrom('acme', other.member, agents.mac);
    const there = await signInFrom('acme', other.member, agents.iphone);
    const target = (await listOf(here)).data.list.find((s) => !s.isCurrent);
    if (!target) throw new Error('no other session');
    const ended = envelope<{ count: number }>(
      await post('/api/portal/user/sessions/end', here, { id: target.id }),
    );
    expect(ended).toMatchObject({ code: 0, data: { count: 1 } });
    const answer = envelope(await post('/api/portal/user/getCurrentUser', there));
    expect(answer.code).toBe(ErrorCode.sessionRevoked);
    expect(await isAlive(here)).toBe(true);
    const [entry] = await endedEntries(target.id);
    expect(entry).toMatchObject({
      accountId: other.id,
      userId: other.member.id,
      objectType: 'session',
      objectName: other.member.username,
      status: 1,
      info: { reason: 'ended_by_user', sessionIp: '127.0.0.1', signInMethod: 'password' },
    });
    // Again: nothing left to end, nothing written.
    expect(envelope(await post('/api/portal/user/sessions/end', here, { id: target.id })).data).toEqual({
      count: 0,
    });
    expect(await endedEntries(target.id)).toHaveLength(1);
  });

  it("cannot end another user's session by its id", async () => {
    const mine = await signInFrom('acme', other.admin, agents.mac);
    const theirs = await signInFrom('demo', demo.member, agents.mac);
    const theirId = (await listOf(theirs)).data.list.find((s) => s.isCurrent)?.id;
    const res = envelope(await post('/api/portal/user/sessions/end', mine, { id: Number(theirId) }));
    expect(res.data).toEqual({ count: 0 });
    expect(await isAlive(theirs)).toBe(true);
  });

  it('ends every other session and keeps the current one', async () => {
    const keep = await signInFrom('demo', demo.admin, agents.mac);
    const others = [
      await signInFrom('demo', demo.admin, agents.iphone),
      await signInFrom('demo', demo.admin, agents.ipad),
    ];
    const before = (await listOf(keep)).data.list.length;
    const res = envelope<{ count: number }>(await post('/api/portal/user/sessions/endOthers', keep));
    expect(res.data.count).toBe(before - 1);
    for (const token of others) expect(await isAlive(token)).toBe(false);
    expect((await listOf(keep)).data.list).toEqual([expect.objectContaining({ isCurrent: true })]);
  });

  it('ending the current session signs out here and clears the cookie', async () => {
    const token = await signInFrom('demo', demo.member, agents.mac);
    const id = (await listOf(token)).data.list.find((s) => s.isCurrent)?.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/sessions/end',
      headers: cookie(token),
      payload: { id },
    });
    expect(envelope(res).data).toEqual({ count: 1 });
    expect(String(res.headers['set-cookie'])).toMatch(/cz_token=;/);
    expect(await isAlive(token)).toBe(false);
  });

  it('refuses a body without a session id, in the language of the request, changing nothing', async () => {
    const token = await signInFrom('demo', demo.member, agents.mac);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/user/sessions/end',
      headers: { ...bearer(token), 'cz-lang': 'zh-CN' },
      payload: { id: 'all' },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).message).toMatch(/[\u4e00-\u9fff]/);
    expect(await isAlive(token)).toBe(true);
  });
});

describe("an administrator and the sessions of the account's users", () => {
  it("lists a user's sessions and ends one, then all; each ended session is audited with the administrator as actor", async () => {
    const admin = await signIn(t.app, 'acme', other.admin);
    const a = await signInFrom('acme', other.member, agents.mac);
    const b = await signInFrom('acme', other.member, agents.iphone);
    const list = envelope<{ list: TSession[] }>(
      await get(`/api/portal/user/userSessions?userId=${other.member.id}`, admin),
    );
    expect(list.code).toBe(0);
    expect(list.data.list.every((s) => !s.isCurrent)).toBe(true);
    const phone = list.data.list.find((s) => s.deviceType === 'mobile');
    if (!phone) throw new Error('no phone session');
    const one = envelope<{ count: number }>(
      await post('/api/portal/user/userSessions/end', admin, { userId: other.member.id, id: phone.id }),
    );
    expect(one.data.count).toBe(1);
    expect(await isAlive(b)).toBe(false);
    expect(await isAlive(a)).toBe(true);
    const [entry] = await endedEntries(phone.id);
    expect(entry).toMatchObject({
      userId: other.admin.id,
      username: other.admin.username,
      objectName: other.member.username,
      info: { reason: 'ended_by_admin' },
    });
    const all = envelope<{ count: number }>(
      await post('/api/portal/user/userSessions/end', admin, { userId: other.member.id }),
    );
    expect(all.data.count).toBeGreaterThanOrEqual(1);
    expect(await isAlive(a)).toBe(false);
    expect(await isAlive(admin)).toBe(true);
    expect(
      envelope<{ list: TSession[] }>(
        await get(`/api/portal/user/userSessions?userId=${other.member.id}`, admin),
      ).data.list,
    ).toEqual([]);
  });

  it("refuses members (4037), and another account's users (403), changing nothing", async () => {
    const member = await signIn(t.app, 'demo', demo.member);
    // A member is not an administrator: the spec's business code 4037.
    expect(envelope(await get(`/api/portal/user/userSessions?userId=${demo.admin.id}`, member)).code).toBe(
      ErrorCode.notAccountAdmin,
    );
    const admin = await signIn(t.app, 'demo', demo.admin);
    const theirs = await signInFrom('acme', other.admin, agents.mac);
    expect((await get(`/api/portal/user/userSessions?userId=${other.admin.id}`, admin)).statusCode).toBe(403);
    const refused = await post('/api/portal/user/userSessions/end', admin, { userId: other.admin.id });
    expect(refused.statusCode).toBe(403);
    expect(await isAlive(theirs)).toBe(true);
  });
});

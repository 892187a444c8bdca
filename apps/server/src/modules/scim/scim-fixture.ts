/**
 * What the SCIM tests share: an app with two accounts, an administrator's token made through the
 * SSO page's route, and a SCIM client that sends `application/scim+json`.
 */
import type { LightMyRequestResponse } from 'fastify';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';

export type TScimWorld = {
  t: TTestApp;
  demo: TSeededAccount;
  acme: TSeededAccount;
  adminToken: string;
};

export async function scimWorld(): Promise<TScimWorld> {
  const t = await createTestApp({ env: { PUBLIC_URL: 'https://console.example' } });
  const demo = await seedAccount(t.deps, 'demo');
  const acme = await seedAccount(t.deps, 'acme');
  const adminToken = await signIn(t.app, 'demo', demo.admin);
  return { t, demo, acme, adminToken };
}

/** Creates a SCIM token on the SSO page's route as the account's administrator. */
export async function createScimToken(
  t: TTestApp,
  adminSession: string,
  name = 'Entra ID',
): Promise<{ id: number; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/sso/scim/tokens',
    headers: bearer(adminSession),
    payload: { name },
  });
  const body = envelope<{ id: number; token: string }>(res);
  if (body.code !== 0) throw new Error(`token creation failed: ${body.code} ${body.message}`);
  return body.data;
}

export type TScimCall = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
};

/** A SCIM client of `account` with `token`. */
export function scimClient(t: TTestApp, account: string, token: string) {
  return (path: string, call: TScimCall = {}): Promise<LightMyRequestResponse> => {
    const auth = call.token === null ? {} : { authorization: `Bearer ${call.token ?? token}` };
    return t.app.inject({
      method: call.method ?? 'GET',
      url: `/scim/v2/${account}${path}`,
      headers: {
        ...auth,
        ...(call.body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        ...call.headers,
      },
      ...(call.body !== undefined
        ? { payload: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }
        : {}),
    });
  };
}

export type TScimJson = Record<string, unknown> & {
  id?: string;
  meta?: { version: string; location: string; resourceType: string; created: string; lastModified: string };
};

export const json = (res: LightMyRequestResponse) => res.json() as TScimJson;

export const patchOp = (...Operations: unknown[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations,
});

/**
 * The route table: every API route with its method, path, access rule, request and response
 * schemas and the business codes it may answer. The server registers its handlers against this
 * table, the OpenAPI document is generated from it, and the permission tests iterate it.
 */
import type { z } from 'zod';
import { apiPaths, type TApiPaths, type TRouteId } from './api-paths';
import { ErrorCode } from './codes';
import { ZAccountBaseInfo, ZAccountBody, ZAccountDetail, ZAccountQuery } from './schemas/account';
import { ZLoginRequest, ZLoginResponse, ZPwdErrorTimes, ZPwdErrorTimesQuery } from './schemas/auth';
import { ZNull } from './schemas/common';
import { ZHealth, ZMeta } from './schemas/meta';
import { ZCurrentUser, ZUserAuth } from './schemas/user';

/**
 * public: no session needed; session: any signed-in user; admin: account administrators only.
 */
export type TAccess = 'public' | 'session' | 'admin';

export type TRouteDef = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: TAccess;
  readonly summary: string;
  readonly tag: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Business codes (HTTP 200 with the code in the body) this route may answer. */
  readonly codes?: readonly number[];
};

type TRouteExtras = Omit<TRouteDef, 'method' | 'path'>;

function route<const P extends TApiPaths[TRouteId], const E extends TRouteExtras>(path: P, extras: E): P & E {
  return { ...path, ...extras };
}

export const routes = {
  meta: route(apiPaths.meta, {
    access: 'public',
    tag: 'meta',
    summary: 'Console meta: edition, deployment mode, feature flags and support contacts',
    response: ZMeta,
  }),
  healthz: route(apiPaths.healthz, {
    access: 'public',
    tag: 'ops',
    summary: 'The process is up',
    response: ZHealth,
  }),
  readyz: route(apiPaths.readyz, {
    access: 'public',
    tag: 'ops',
    summary: 'The database answers (503 when it does not)',
    response: ZHealth,
  }),
  login: route(apiPaths.login, {
    access: 'public',
    tag: 'auth',
    summary:
      'Sign in with account name, username and password; answers a session token, or the second-factor requirement',
    body: ZLoginRequest,
    response: ZLoginResponse,
    codes: [
      ErrorCode.wrongPassword,
      ErrorCode.userDisabled,
      ErrorCode.userDeleted,
      ErrorCode.serviceUserNoWebLogin,
      ErrorCode.accountUnavailable,
      ErrorCode.passwordMustReset,
    ],
  }),
  logout: route(apiPaths.logout, {
    access: 'session',
    tag: 'auth',
    summary: 'Sign out: ends the session on the server and clears the cookie',
    response: ZNull,
  }),
  getCurrentUser: route(apiPaths.getCurrentUser, {
    access: 'session',
    tag: 'user',
    summary: 'The signed-in user',
    body: ZAccountBody,
    response: ZCurrentUser,
  }),
  getUserAuth: route(apiPaths.getUserAuth, {
    access: 'session',
    tag: 'user',
    summary: 'Resource authorisations of the signed-in user (menus are type 0)',
    query: ZAccountQuery,
    response: ZUserAuth,
  }),
  getPwdErrorTimes: route(apiPaths.getPwdErrorTimes, {
    access: 'public',
    tag: 'user',
    summary: 'Consecutive wrong passwords for an account name and username, and whether sign-in is locked',
    query: ZPwdErrorTimesQuery,
    response: ZPwdErrorTimes,
  }),
  getAccountDetail: route(apiPaths.getAccountDetail, {
    access: 'session',
    tag: 'account',
    summary: 'The account of the session, with its login address and remaining trial days',
    query: ZAccountQuery,
    response: ZAccountDetail,
  }),
  getAccountBaseInfo: route(apiPaths.getAccountBaseInfo, {
    access: 'session',
    tag: 'account',
    summary: 'Basic facts of the account of the session',
    body: ZAccountBody,
    response: ZAccountBaseInfo,
  }),
} as const satisfies Record<TRouteId, TRouteDef>;

export type TRoutes = typeof routes;

type TSchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type TSchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends to a route. */
export type TRouteBody<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { body: infer B } ? B : undefined
>;
export type TRouteQuery<K extends TRouteId> = TSchemaInput<
  TRoutes[K] extends { query: infer Q } ? Q : undefined
>;
/** What a route answers in `data`. */
export type TRouteData<K extends TRouteId> = TSchemaOutput<TRoutes[K]['response']>;

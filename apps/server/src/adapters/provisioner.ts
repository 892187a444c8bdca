/**
 * The platform behind the console's service instances: opening and releasing instances, applying
 * users and Insight users to them, and what users own and see there. Opening is asynchronous on
 * the platform's side: `startOpening` answers an operation id and `getOperation` tells how it
 * goes. The HTTP provisioner sends the instance name and attempt as the idempotency key, so the
 * platform answers a repeated call (a worker that died before storing the id) with the same
 * operation and never opens twice; the development one keeps no state, and its repeated call only
 * starts another simulated operation.
 *
 * Two implementations: `createHttpProvisioner` speaks the platform's provisioning API (HMAC-signed
 * JSON over HTTP); `createDevProvisioner` plays the platform in development and tests, with a
 * configurable delay and failure rate. Its operation ids carry their own start time and outcome,
 * so an opening continues across server restarts and replicas without any state of its own; its
 * instances live at a page of the console's own (`/api/dev/instance/{name}`), so that opening one
 * leads somewhere real; what users own and the workspaces they belong to come from its records in
 * the database (only the demo seed gives any), and its jobs from its history (dev-jobs.ts) since
 * each instance was opened.
 */
import {
  ShareLimits,
  type TJobProfile,
  type TJobSummary,
  type TOwnedResources,
  ZJobProfile,
  ZJobSummary,
} from '@console/contract';
import { apiPaths } from '@console/contract/paths';
import { z } from 'zod';
import { devJobProfile, devJobs } from './dev-jobs';
import { notConfigured } from './registry';
import { createSignedHttp, SignedHttpError, type TSignedAnswer } from './signed-http';

export type TInstanceRef = {
  instanceName: string;
  /** Service code: studio, decision, hengshi. */
  service: string;
  version: string;
  csp: string;
  region: string;
  accountName: string;
  attempt: number;
  /**
   * When the instance was opened (null while it opens or after it failed to): nothing ran on it
   * before. The platform knows it of itself; the development platform's made-up job history
   * starts there.
   */
  openedAt: Date | null;
};

export type TOperation =
  | { state: 'running' }
  | { state: 'succeeded'; url: string }
  | { state: 'failed'; reason: string };

export type TSyncUser = {
  userId: number;
  username: string;
  displayName: string;
  /** Holds the account administrator role (administrators of the instance too). */
  isAdmin: boolean;
  status: 'enabled' | 'disabled' | 'deleted';
};

export type TInsightChangeInput = { userId: number; username: string; enable: boolean; role: string | null };
export type TInsightChangeResult = { userId: number; isOk: boolean; reason: string | null };

export type TWorkspaceInfo = { name: string; role: string; createTime: string | null };

export type TProvisioner = {
  startOpening(ref: TInstanceRef): Promise<{ operationId: string }>;
  getOperation(ref: TInstanceRef, operationId: string): Promise<TOperation>;
  release(ref: TInstanceRef): Promise<void>;
  /** Applies users' status (enabled, disabled, deleted) on an instance; idempotent. */
  syncUsers(ref: TInstanceRef, users: readonly TSyncUser[]): Promise<void>;
  /** Enables or disables users on an Insight instance; answers each user's outcome. */
  changeInsightUsers(
    ref: TInstanceRef,
    changes: readonly TInsightChangeInput[],
  ): Promise<TInsightChangeResult[]>;
  listUserWorkspaces(ref: TInstanceRef, username: string): Promise<TWorkspaceInfo[]>;
  /** Pauses an instance's services (long arrears) or resumes them; idempotent. */
  setPaused(ref: TInstanceRef, isPaused: boolean): Promise<void>;
  /** What the users own on the account's instances (scheduled tasks, sync tasks, approvals). */
  ownedResources(
    refs: readonly TInstanceRef[],
    users: readonly { userId: number; username: string }[],
  ): Promise<TOwnedResources>;
  /**
   * Where users open an opened instance: the address the platform answered when it opened it
   * (`answered`), or, for the development stand-in, its own page of the instance.
   */
  instanceUrl(ref: TInstanceRef, answered: string): string;
  /** A Lakehouse instance's recent jobs, newest first (at most `limit`). */
  listJobs(ref: TInstanceRef, options: { limit: number }): Promise<TJobSummary[]>;
  /** The execution profile of a job of a Lakehouse instance; `JOB_NOT_FOUND` when it has none of that id. */
  getJobProfile(ref: TInstanceRef, jobId: string): Promise<TJobProfile>;
};

/** The platform refused or failed a call; `reason` is its error code. */
export class ProvisionerError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProvisionerError';
  }
}

// ---------------------------------------------------------------------------------------------
// development

/**
 * What the development platform keeps of its users beyond their status: the workspaces each
 * belongs to on an instance and what it owns there (`dev-platform.repository.ts` reads them from
 * the database, where only the demo seed writes them).
 */
export type TDevHoldings = {
  /** What the users own on the named instances, added up. */
  ownedOn(instanceNames: readonly string[], userIds: readonly number[]): Promise<TOwnedResources>;
  /** The workspaces of the user of that name on the instance. */
  workspacesOn(instanceName: string, username: string): Promise<TWorkspaceInfo[]>;
};

export type TDevProvisionerOptions = {
  delayMs: number;
  failureRate: number;
  insightDelayMs: number;
  /** The console's public address: the instances' addresses are its pages of them. */
  consoleUrl: string;
  now: () => Date;
  random?: () => number;
  /** Its records of workspaces and owned resources: answered as they are, never made up. */
  holdings: TDevHoldings;
};

/**
 * The development platform's address of an instance: the console's own page of it
 * (`GET /api/dev/instance/{name}`, served wherever the stand-in provisioner answers).
 */
export function devInstanceUrl(consoleUrl: string, instanceName: string): string {
  const path = apiPaths.devInstancePage.path.replace(':instanceName', encodeURIComponent(instanceName));
  return `${consoleUrl.replace(/\/+$/, '')}${path}`;
}

const devFailureReasons = ['QUOTA_EXCEEDED', 'REGION_CAPACITY', 'NETWORK_SETUP_FAILED'] as const;

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((done) => setTimeout(done, ms)) : Promise.resolve();
}

export function createDevProvisioner(options: TDevProvisionerOptions): TProvisioner {
  const random = options.random ?? Math.random;
  const urlOf = (ref: TInstanceRef) => devInstanceUrl(options.consoleUrl, ref.instanceName);
  return {
    startOpening: async (ref) => {
      const fails = random() < options.failureRate;
      const outcome = fails ? devFailureReasons[Math.floor(random() * devFailureReasons.length)] : 'ok';
      // instance name . attempt . start time . outcome: everything getOperation needs.
      return { operationId: `dev.${ref.instanceName}.${ref.attempt}.${options.now().getTime()}.${outcome}` };
    },
    getOperation: async (ref, operationId) => {
      const [prefix, name, , startMs, outcome] = operationId.split('.');
      if (prefix !== 'dev' || name !== ref.instanceName || !startMs || !outcome) {
        throw new ProvisionerError('OPERATION_NOT_FOUND', `unknown operation ${operationId}`);
      }
      if (options.now().getTime() < Number(startMs) + options.delayMs) return { state: 'running' };
      return outcome === 'ok'
        ? { state: 'succeeded', url: urlOf(ref) }
        : { state: 'failed', reason: outcome };
    },
    // Every instance of the stand-in is its page, whatever an older start stored for it.
    instanceUrl: (ref) => urlOf(ref),
    release: async () => {},
    setPaused: async () => {},
    syncUsers: async () => {},
    changeInsightUsers: async (_ref, changes) => {
      await sleep(options.insightDelayMs);
      return changes.map((c) => {
        const fails = random() < options.failureRate;
        return { userId: c.userId, isOk: !fails, reason: fails ? 'INSIGHT_SEAT_UNAVAILABLE' : null };
      });
    },
    // Workspaces exist on Lakehouse (studio) instances only.
    listUserWorkspaces: async (ref, username) =>
      ref.service === 'studio' ? options.holdings.workspacesOn(ref.instanceName, username) : [],
    // What the users own: what the platform's records say, nothing without an instance.
    ownedResources: async (refs, users) =>
      options.holdings.ownedOn(
        refs.map((r) => r.instanceName),
        users.map((u) => u.userId),
      ),
    // Lakehouse (studio) instances only: the others run no SQL jobs; nor does one not opened.
    listJobs: async (ref, { limit }) =>
      ref.service === 'studio' && ref.openedAt
        ? devJobs(ref.instanceName, ref.openedAt.getTime(), options.now().getTime(), limit)
        : [],
    getJobProfile: async (ref, jobId) => {
      const profile =
        ref.service === 'studio' && ref.openedAt
          ? devJobProfile(ref.instanceName, ref.openedAt.getTime(), jobId, options.now().getTime())
          : null;
      if (!profile) throw new ProvisionerError('JOB_NOT_FOUND', `no job ${jobId} on ${ref.instanceName}`);
      return profile;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// not configured

/**
 * Production mode without `PROVISIONER_URL`: nothing is opened, applied or invented. Calls that
 * need the platform refuse with 4100; what users own is nothing when the account has no instance
 * (the only way to have none opened).
 */
export function createUnconfiguredProvisioner(): TProvisioner {
  const refuse = async (): Promise<never> => {
    throw notConfigured('provisioner');
  };
  return {
    startOpening: refuse,
    getOperation: refuse,
    release: refuse,
    syncUsers: refuse,
    changeInsightUsers: refuse,
    listUserWorkspaces: refuse,
    setPaused: refuse,
    listJobs: refuse,
    getJobProfile: refuse,
    instanceUrl: () => {
      throw notConfigured('provisioner');
    },
    ownedResources: async (refs) => {
      if (refs.length === 0) return { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
      throw notConfigured('provisioner');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

export type THttpProvisionerOptions = { url: string; token: string; timeoutMs: number };

/**
 * The platform's provisioning API. Every request is signed with the token (signed-http.ts:
 * `X-CZ-Timestamp`, `X-CZ-Signature: hex(HMAC-SHA256(token, timestamp + "\n" + method + "\n" +
 * path + "\n" + body))`); opening carries `Idempotency-Key: <instance name>-<attempt>`. Errors answer
 * `{ "code": "<REASON>", "message": "..." }` with a 4xx or 5xx status.
 *
 *   POST   /v1/instances                              → 202 { operationId }
 *   GET    /v1/operations/{operationId}               → { state: running|succeeded|failed, url?, reason? }
 *   DELETE /v1/instances/{name}                       → 202
 *   POST   /v1/instances/{name}/pause | /resume       → 204
 *   PUT    /v1/instances/{name}/users                 { users: [{ userId, username, displayName, isAdmin, status }] } → 204
 *   POST   /v1/instances/{name}/insight-users         { changes: [...] } → { results: [{ userId, ok, reason }] }
 *   GET    /v1/instances/{name}/users/{username}/workspaces → { workspaces: [{ name, role, createTime }] }
 *   POST   /v1/owned-resources                        { instances: [names], users: [...] } → { scheduledTasks, syncTasks, permissionApprovals }
 *   GET    /v1/instances/{name}/jobs?limit={n}        → { jobs: [{ jobId, status, submitTime, durationMs, sqlHead }] }
 *   GET    /v1/instances/{name}/jobs/{jobId}/profile  → { jobId, status, submitTime, startTime, endTime, durationMs,
 *          rowsRead, bytesRead, rowsWritten, bytesWritten, sql, errorMessage, nodes: [{ id, parentId, kind, name,
 *          detail, timeMs, rows }] } (404 JOB_NOT_FOUND)
 *
 * The job answers are checked against the contract's schemas (statuses, counts, sizes): an answer
 * that does not match is BAD_RESPONSE, never passed on.
 */
export function createHttpProvisioner(options: THttpProvisionerOptions): TProvisioner {
  const send = createSignedHttp({ url: options.url, secret: options.token, timeoutMs: options.timeoutMs });
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    let answer: TSignedAnswer;
    try {
      answer = await send(method, path, body, extraHeaders);
    } catch (error) {
      const reason = error instanceof SignedHttpError ? error.reason : 'UNREACHABLE';
      throw new ProvisionerError(reason, `${method} ${path}: ${reason.toLowerCase()}`);
    }
    let parsed: unknown = null;
    if (answer.text) {
      try {
        parsed = JSON.parse(answer.text);
      } catch {
        // An error page (a proxy's HTML, say) still answers its status.
        if (!answer.isOk)
          throw new ProvisionerError(`HTTP_${answer.status}`, `${method} ${path}: ${answer.status}`);
        throw new ProvisionerError('BAD_RESPONSE', `${method} ${path}: answer is not JSON`);
      }
    }
    if (!answer.isOk) {
      const code = (parsed as { code?: unknown } | null)?.code;
      const reason =
        typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : `HTTP_${answer.status}`;
      throw new ProvisionerError(reason, `${method} ${path}: ${answer.status}`);
    }
    return parsed as T;
  }
  const enc = encodeURIComponent;
  const need = <T>(value: T | undefined | null, what: string): T => {
    if (value === undefined || value === null) throw new ProvisionerError('BAD_RESPONSE', `missing ${what}`);
    return value;
  };
  /** The answer read by a schema; one that does not match it is BAD_RESPONSE. */
  const parse = <T>(schema: z.ZodType<T>, answer: unknown, what: string): T => {
    const result = schema.safeParse(answer);
    if (!result.success) throw new ProvisionerError('BAD_RESPONSE', `${what}: answer does not match`);
    return result.data;
  };
  const ZJobs = z.object({ jobs: z.array(ZJobSummary).max(ShareLimits.recentJobsMax) });
  return {
    startOpening: async (ref) => {
      const answer = await call<{ operationId?: string }>(
        'POST',
        '/v1/instances',
        {
          instanceName: ref.instanceName,
          service: ref.service,
          version: ref.version,
          csp: ref.csp,
          region: ref.region,
          accountName: ref.accountName,
        },
        { 'idempotency-key': `${ref.instanceName}-${ref.attempt}` },
      );
      return { operationId: need(answer?.operationId, 'operationId') };
    },
    getOperation: async (_ref, operationId) => {
      const answer = await call<{ state?: string; url?: string; reason?: string }>(
        'GET',
        `/v1/operations/${enc(operationId)}`,
      );
      if (answer?.state === 'running') return { state: 'running' };
      if (answer?.state === 'succeeded') return { state: 'succeeded', url: need(answer.url, 'url') };
      if (answer?.state === 'failed') return { state: 'failed', reason: answer.reason ?? 'FAILED' };
      throw new ProvisionerError('BAD_RESPONSE', 'unknown operation state');
    },
    instanceUrl: (_ref, answered) => answered,
    release: async (ref) => {
      await call('DELETE', `/v1/instances/${enc(ref.instanceName)}`);
    },
    setPaused: async (ref, isPaused) => {
      await call('POST', `/v1/instances/${enc(ref.instanceName)}/${isPaused ? 'pause' : 'resume'}`);
    },
    syncUsers: async (ref, users) => {
      await call('PUT', `/v1/instances/${enc(ref.instanceName)}/users`, { users });
    },
    changeInsightUsers: async (ref, changes) => {
      const answer = await call<{ results?: { userId: number; ok: boolean; reason?: string | null }[] }>(
        'POST',
        `/v1/instances/${enc(ref.instanceName)}/insight-users`,
        { changes },
      );
      const results = need(answer?.results, 'results');
      return changes.map((c) => {
        const r = results.find((x) => x.userId === c.userId);
        return r
          ? { userId: c.userId, isOk: r.ok === true, reason: r.ok ? null : (r.reason ?? 'FAILED') }
          : { userId: c.userId, isOk: false, reason: 'NO_RESULT' };
      });
    },
    listUserWorkspaces: async (ref, username) => {
      const answer = await call<{ workspaces?: TWorkspaceInfo[] }>(
        'GET',
        `/v1/instances/${enc(ref.instanceName)}/users/${enc(username)}/workspaces`,
      );
      return (answer?.workspaces ?? []).map((w) => ({
        name: String(w.name),
        role: String(w.role),
        createTime: w.createTime ?? null,
      }));
    },
    ownedResources: async (refs, users) => {
      if (refs.length === 0) return { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
      const answer = await call<TOwnedResources>('POST', '/v1/owned-resources', {
        instances: refs.map((r) => r.instanceName),
        users,
      });
      return {
        scheduledTasks: Number(answer?.scheduledTasks ?? 0),
        syncTasks: Number(answer?.syncTasks ?? 0),
        permissionApprovals: Number(answer?.permissionApprovals ?? 0),
      };
    },
    listJobs: async (ref, { limit }) => {
      const path = `/v1/instances/${enc(ref.instanceName)}/jobs?limit=${limit}`;
      return parse(ZJobs, await call('GET', path), 'jobs').jobs.slice(0, limit);
    },
    getJobProfile: async (ref, jobId) => {
      const path = `/v1/instances/${enc(ref.instanceName)}/jobs/${enc(jobId)}/profile`;
      const profile = parse(ZJobProfile, await call('GET', path), 'job profile');
      // The platform answers the job asked for, or nothing of it.
      if (profile.jobId !== jobId) throw new ProvisionerError('BAD_RESPONSE', 'job profile of another job');
      return profile;
    },
  };
}

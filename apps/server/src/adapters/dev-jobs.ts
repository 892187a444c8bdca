/**
 * The development platform's Lakehouse jobs: a job history for every instance and the execution
 * profile of each job, without any state. Every eight minutes an instance may have submitted one
 * job (a draw of a PRNG seeded by the instance and the slot); the job's id carries its submit time
 * and a digest of its instance, and everything else (the query's shape, its tables, sizes, times,
 * outcome) is drawn from a PRNG seeded by that id. So a job answers the same profile on every call,
 * on every replica, and a job of one instance is unknown to the others. No job is older than the
 * instance: the history starts when it was opened (a week back at most). Whether a job is still
 * running depends only on the clock: a job whose end lies after `now` is shown half-way.
 */
import { createHash } from 'node:crypto';
import type { TJobProfile, TJobProfileNode, TJobStatus, TJobSummary } from '@console/contract';
import { int, logUniform, planOf, type TOp, type TPlan, type TRandom } from './dev-job-plans';

const slotMs = 8 * 60_000;
/** How far back the history goes (a week of slots). */
const historySlots = (7 * 24 * 60) / 8;
/** The share of slots with a job. */
const jobRate = 0.55;
const jobIdPattern = /^job_(\d{14})_([0-9a-f]{8})$/;

/** A 32-bit seed of a text. */
function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** mulberry32: a small, fast PRNG with a 32-bit state; plenty for made-up profiles. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const digits = (n: number, width = 2) => String(n).padStart(width, '0');
function stampOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${digits(d.getUTCMonth() + 1)}${digits(d.getUTCDate())}${digits(
    d.getUTCHours(),
  )}${digits(d.getUTCMinutes())}${digits(d.getUTCSeconds())}`;
}
function msOfStamp(stamp: string): number {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) =>
    Number(stamp.slice(at, i === 0 ? 4 : at + 2)),
  ) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

const jobIdOf = (instanceName: string, submitMs: number) =>
  `job_${stampOf(submitMs)}_${createHash('sha256').update(`${instanceName}:${submitMs}`).digest('hex').slice(0, 8)}`;

/** The submit time of a slot's job, or null when the instance submitted none in it. */
function slotSubmitMs(instanceName: string, slot: number): number | null {
  const random = seededRandom(seedOf(`${instanceName}:slot:${slot}`));
  if (random() >= jobRate) return null;
  return slot * slotMs + Math.floor((random() * slotMs) / 1000) * 1000;
}

// ---------------------------------------------------------------------------------------------
// profiles

/** The plan's nodes in pre-order with their times and rows, cut at `elapsedMs` (a job that stopped or still runs). */
function nodesOf(plan: TPlan, durationMs: number, elapsedMs: number, random: TRandom): TJobProfileNode[] {
  const total = plan.stages.reduce((sum, s) => sum + s.weight, 0);
  const nodes: TJobProfileNode[] = [];
  let stageStart = 0;
  plan.stages.forEach((stage, index) => {
    const stageMs = (durationMs * stage.weight) / total;
    const done = stageMs > 0 ? Math.min(1, Math.max(0, (elapsedMs - stageStart) / stageMs)) : 1;
    const stageId = `S${index}`;
    nodes.push({
      id: stageId,
      parentId: null,
      kind: 'stage',
      name: stage.name,
      detail: null,
      timeMs: int(stageMs * done),
      rows: int(stage.root.rows * done),
    });
    // Each operator's share of the stage, in pre-order (the order they are added below).
    const weights: number[] = [];
    const weigh = (o: TOp) => {
      weights.push(o.weight * (0.7 + random() * 0.6));
      for (const input of o.inputs) weigh(input);
    };
    weigh(stage.root);
    const sum = weights.reduce((a, b) => a + b, 0);
    // Operators' own times fill most of the stage; the rest is scheduling and transfer.
    const busy = stageMs * (0.88 + random() * 0.1) * done;
    let serial = 0;
    const add = (o: TOp, parentId: string) => {
      const at = serial;
      serial += 1;
      const id = `${stageId}.${at + 1}`;
      nodes.push({
        id,
        parentId,
        kind: 'operator',
        name: o.name,
        detail: o.detail,
        timeMs: int((busy * (weights[at] as number)) / sum),
        rows: int(o.rows * done),
      });
      for (const input of o.inputs) add(input, id);
    };
    add(stage.root, stageId);
    stageStart += stageMs;
  });
  return nodes;
}

/** The profile of an existing job, as of `now`. */
function profileOf(jobId: string, submitMs: number, now: number): TJobProfile {
  const random = seededRandom(seedOf(jobId));
  const plan = planOf(random, submitMs);
  const queueMs = int(logUniform(random, 20, 3_000));
  const outcome = random();
  const status: TJobStatus = outcome < 0.1 ? 'FAILED' : outcome < 0.14 ? 'CANCELLED' : 'SUCCEEDED';
  const startMs = submitMs + queueMs;
  // Failed and cancelled jobs stop part of the way: failures in their shape's stage.
  const total = plan.stages.reduce((sum, s) => sum + s.weight, 0);
  const failStart = plan.stages.slice(0, plan.failure.stage).reduce((sum, s) => sum + s.weight, 0);
  const failStage = plan.stages[plan.failure.stage]?.weight ?? 0;
  const stopAt =
    status === 'FAILED'
      ? int((plan.durationMs * (failStart + failStage * (0.2 + random() * 0.6))) / total)
      : status === 'CANCELLED'
        ? int(plan.durationMs * (0.1 + random() * 0.6))
        : plan.durationMs;
  const isRunning = startMs + stopAt > now;
  const elapsed = isRunning ? Math.max(0, now - startMs) : stopAt;
  const nodes = nodesOf(plan, plan.durationMs, elapsed, random);
  const share = plan.durationMs > 0 ? Math.min(1, elapsed / plan.durationMs) : 1;
  const readShare = Math.min(1, share * 1.6);
  const writeShare = status === 'SUCCEEDED' && !isRunning ? 1 : 0;
  return {
    jobId,
    status: isRunning ? 'RUNNING' : status,
    submitTime: new Date(submitMs).toISOString(),
    startTime: now >= startMs ? new Date(startMs).toISOString() : null,
    endTime: isRunning ? null : new Date(startMs + stopAt).toISOString(),
    durationMs: elapsed,
    rowsRead: int(plan.rowsRead * readShare),
    bytesRead: int(plan.rowsRead * readShare * plan.rowWidth * 0.35),
    rowsWritten: int(plan.rowsWritten * writeShare),
    bytesWritten: int(plan.rowsWritten * writeShare * 48),
    sql: plan.sql,
    errorMessage: status === 'FAILED' && !isRunning ? plan.failure.message : null,
    nodes,
  };
}

/**
 * The submit time of a job id issued for the instance, or null when it issued no such job between
 * its opening and `now`.
 */
function submitMsOf(instanceName: string, openedMs: number, jobId: string, now: number): number | null {
  const match = jobIdPattern.exec(jobId);
  if (!match) return null;
  const submitMs = msOfStamp(match[1] as string);
  if (!Number.isFinite(submitMs) || submitMs > now || submitMs < openedMs) return null;
  const slot = Math.floor(submitMs / slotMs);
  if (slotSubmitMs(instanceName, slot) !== submitMs) return null;
  return jobIdOf(instanceName, submitMs) === jobId ? submitMs : null;
}

export const firstLine = (sql: string) =>
  (sql.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 200);

/** The instance's jobs, newest first, as of `now`: none submitted before it was opened (`openedMs`). */
export function devJobs(instanceName: string, openedMs: number, now: number, limit: number): TJobSummary[] {
  const out: TJobSummary[] = [];
  const last = Math.floor(now / slotMs);
  const first = Math.max(last - historySlots + 1, Math.floor(openedMs / slotMs));
  for (let slot = last; slot >= first && out.length < limit; slot -= 1) {
    const submitMs = slotSubmitMs(instanceName, slot);
    if (submitMs === null || submitMs > now || submitMs < openedMs) continue;
    const profile = profileOf(jobIdOf(instanceName, submitMs), submitMs, now);
    out.push({
      jobId: profile.jobId,
      status: profile.status,
      submitTime: profile.submitTime,
      durationMs: profile.durationMs,
      sqlHead: firstLine(profile.sql),
    });
  }
  return out;
}

/** The profile of the instance's job, as of `now`; null for a job it does not have. */
export function devJobProfile(
  instanceName: string,
  openedMs: number,
  jobId: string,
  now: number,
): TJobProfile | null {
  const submitMs = submitMsOf(instanceName, openedMs, jobId, now);
  return submitMs === null ? null : profileOf(jobId, submitMs, now);
}

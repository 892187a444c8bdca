/**
 * The back office's dashboard (issue 40, item 7): the page that opens the console. One call
 * answers the review queues' pending counts, the last 30 billing days (sign-ups, active accounts,
 * top-ups, consumption), the failing jobs and webhook deliveries, and the adapter table. Every
 * role reads it.
 */
import { z } from 'zod';
import { AdapterNames, AdapterStates } from '../adapters';
import { ZId, ZTimestamp } from '../schemas/common';
import type { TOpsRouteDef } from './routes';
import { OpsRoles } from './schemas';

/** How many days the dashboard's series cover, today (the platform's billing day, UTC+8) included. */
export const opsDashboardDays = 30;
/** At most this many failing jobs and deliveries are listed (their totals are counted in full). */
export const opsDashboardFailingMax = 20;

export const ZOpsDashboardDay = z.object({
  /** A billing day, `YYYY-MM-DD` (UTC+8). */
  day: z.string(),
  /** Accounts registered that day. */
  signUps: z.number().int(),
  /** Accounts with a sign-in or a usage record that day. */
  activeAccounts: z.number().int(),
  /** Top-ups credited that day (online payments and confirmed remittances), in fen. */
  topUpFen: z.number().int(),
  /** Consumption rated that day (after discounts), in fen. */
  consumptionFen: z.number().int(),
});
export type TOpsDashboardDay = z.infer<typeof ZOpsDashboardDay>;

export const ZOpsFailingJob = z.object({
  id: ZId,
  kind: z.string(),
  /** failed: gave up after its attempts; retrying: failed at least once and queued again. */
  state: z.enum(['failed', 'retrying']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

export const ZOpsFailingDelivery = z.object({
  id: ZId,
  accountId: ZId,
  accountName: z.string(),
  kind: z.string(),
  /** failed: given up; retrying: failed at least once and still pending. */
  state: z.enum(['failed', 'retrying']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: ZTimestamp,
});

export const OpsDashboardAdapters = [...AdapterNames, 'storage'] as const;

/** One adapter: its state and provider (never a setting's value). */
export const ZOpsAdapter = z.object({
  name: z.enum(OpsDashboardAdapters),
  state: z.enum(AdapterStates),
  /** The provider it speaks to (`aliyun`, `s3`, `folder`, …); null while not configured. */
  provider: z.string().nullable(),
  /** The setting that configures it. */
  setting: z.string(),
});

export const ZOpsDashboard = z.object({
  queues: z.object({
    /** Enterprise verifications waiting for manual review. */
    verifications: z.number().int(),
    /** Remittances waiting for confirmation. */
    remittances: z.number().int(),
    /** Formal applications of accounts not yet formal. */
    formalApplications: z.number().int(),
  }),
  /** The accounts' currency of this installation (decision 0016): every amount below is in it. */
  currency: z.enum(['CNY', 'USD']),
  /** Oldest first, `opsDashboardDays` of them, days without activity included (zeros). */
  days: z.array(ZOpsDashboardDay),
  failingJobs: z.object({ total: z.number().int(), list: z.array(ZOpsFailingJob) }),
  failingDeliveries: z.object({ total: z.number().int(), list: z.array(ZOpsFailingDelivery) }),
  adapters: z.array(ZOpsAdapter),
  generatedAt: ZTimestamp,
});
export type TOpsDashboard = z.infer<typeof ZOpsDashboard>;

export const opsDashboardRoutes = {
  opsDashboard: {
    method: 'GET',
    path: '/api/ops/dashboard',
    access: 'operator',
    roles: OpsRoles,
    tag: 'ops-dashboard',
    summary:
      'Pending queue counts, 30 days of sign-ups, active accounts, top-ups and consumption, failing jobs and webhook deliveries, the adapter table',
    response: ZOpsDashboard,
  },
} as const satisfies Record<string, TOpsRouteDef>;

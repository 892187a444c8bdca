/**
 * The back office's dashboard (issue 40, item 7): the queues' pending counts from their own
 * modules, the last 30 billing days (UTC+8, today included) of sign-ups, active accounts, top-ups
 * and consumption, the failing jobs and webhook deliveries, and the adapter table (states and
 * providers, never a setting's value).
 */
import {
  OpsDashboardAdapters,
  opsDashboardDays,
  opsDashboardFailingMax,
  type TOpsDashboard,
} from '@console/contract/ops';
import { adapterProviders, adapterStates, settingOf } from '../../adapters/registry';
import type { TDeps } from '../../context';
import { addDays, dayOf, startOfDay } from '../../lib/billing-day';
import { countPendingFormalApplications } from '../account';
import { countPendingRemittances } from '../billing';
import { currencyOf } from '../billing/money';
import { countPendingReviews } from '../certification/certification-review.service';
import {
  activeAccountsPerDay,
  consumptionPerDay,
  failingDeliveries,
  failingJobs,
  signUpsPerDay,
  type TWindow,
  topUpsPerDay,
} from './ops-dashboard.repository';

function adapterTableOf(deps: TDeps): TOpsDashboard['adapters'] {
  const states = adapterStates(deps.config);
  const providers = adapterProviders(deps.config);
  return OpsDashboardAdapters.map((name) => {
    if (name === 'storage') {
      // The folder is a real store of its own (one machine), not a development stand-in.
      return { name, state: 'configured' as const, provider: deps.config.storage.kind, setting: 'STORAGE' };
    }
    return {
      name,
      state: states[name],
      provider: states[name] === 'configured' ? providers[name] : null,
      setting: settingOf[name],
    };
  });
}

export async function getDashboard(deps: TDeps): Promise<TOpsDashboard> {
  const now = deps.clock.now();
  const lastDay = dayOf(now);
  const firstDay = addDays(lastDay, -(opsDashboardDays - 1));
  const window: TWindow = {
    start: startOfDay(firstDay),
    end: startOfDay(addDays(lastDay, 1)),
    firstDay,
    lastDay,
  };
  const [verifications, remittances, formalApplications] = await Promise.all([
    countPendingReviews(deps),
    countPendingRemittances(deps),
    countPendingFormalApplications(deps.db),
  ]);
  const [signUps, active, topUps, consumption, jobs, deliveries] = await Promise.all([
    signUpsPerDay(deps.db, window),
    activeAccountsPerDay(deps.db, window),
    topUpsPerDay(deps.db, window),
    consumptionPerDay(deps.db, window),
    failingJobs(deps.db, opsDashboardFailingMax),
    failingDeliveries(deps.db, opsDashboardFailingMax),
  ]);
  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const series = {
    signUps: byDay(signUps),
    active: byDay(active),
    topUps: byDay(topUps),
    consumption: byDay(consumption),
  };
  const days = Array.from({ length: opsDashboardDays }, (_, i) => {
    const day = addDays(firstDay, i);
    return {
      day,
      signUps: series.signUps.get(day) ?? 0,
      activeAccounts: series.active.get(day) ?? 0,
      topUpFen: series.topUps.get(day) ?? 0,
      consumptionFen: series.consumption.get(day) ?? 0,
    };
  });
  return {
    queues: { verifications, remittances, formalApplications },
    currency: currencyOf(deps.config.edition),
    days,
    failingJobs: {
      total: jobs.total,
      list: jobs.list.map((j) => ({
        id: Number(j.id),
        kind: j.kind,
        state: j.status === 'failed' ? ('failed' as const) : ('retrying' as const),
        attempts: j.attempts,
        maxAttempts: j.maxAttempts,
        lastError: j.lastError,
        runAt: j.runAt.toISOString(),
        updatedAt: j.updatedAt.toISOString(),
      })),
    },
    failingDeliveries: {
      total: deliveries.total,
      list: deliveries.list.map((d) => ({
        id: Number(d.id),
        accountId: Number(d.accountId),
        accountName: d.accountName,
        kind: d.kind,
        state: d.status === 'failed' ? ('failed' as const) : ('retrying' as const),
        attempts: d.attempts,
        responseStatus: d.responseStatus,
        error: d.error,
        createdAt: d.createdAt.toISOString(),
      })),
    },
    adapters: adapterTableOf(deps),
    generatedAt: now.toISOString(),
  };
}

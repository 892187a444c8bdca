/**
 * The signed-in user's workspaces (authority gateway `/v1/workspace/centre/listUserWorkspaces`):
 * asked of each opened instance of the account at once; an instance that does not answer in time
 * is listed with no workspaces and `isUnavailable`, never failing the whole answer.
 */
import type { TLanguage, TUserWorkspaces } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { TAuth, TDeps } from '../../context';
import { findInstances } from './service.repository';
import { requireInstance } from './service.service';

export async function listUserWorkspaces(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  instanceId: number | undefined,
): Promise<TUserWorkspaces> {
  if (instanceId !== undefined) await requireInstance(deps.db, auth, instanceId);
  const instances = await findInstances(
    deps.db,
    sql`i.account_id = ${auth.accountId} and i.status = 1 ${instanceId === undefined ? sql`` : sql`and i.id = ${instanceId}`}`,
    sql`order by i.service_id, i.created_at, i.id`,
  );
  const answers = await Promise.allSettled(
    instances.map((i) => deps.provisioner.listUserWorkspaces(i.ref, auth.username)),
  );
  return instances.map((instance, index) => {
    const answer = answers[index];
    const view = instance.view(lang);
    return {
      instanceId: instance.id,
      instanceName: view.instanceName,
      serviceName: view.serviceName,
      regionName: `${view.cspName} ${view.regionName}`,
      url: view.url,
      workspaces: answer?.status === 'fulfilled' ? answer.value : [],
      isUnavailable: answer?.status !== 'fulfilled',
    };
  });
}

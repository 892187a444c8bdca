/**
 * The signed-in user's workspaces (authority gateway `/v1/workspace/centre/listUserWorkspaces`):
 * asked of each opened instance of the account at once; an instance that does not answer in time
 * is listed with no workspaces and `isUnavailable`, never failing the whole answer.
 */
import type { TLanguage, TUserWorkspaces } from '@console/contract';
import type { TAuth, TDeps } from '../../context';
import { listAccountInstanceRows } from './instance.repository';
import { instanceRecordOf } from './instance-record';
import { requireInstance } from './service.service';

export async function listUserWorkspaces(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  instanceId: number | undefined,
): Promise<TUserWorkspaces> {
  if (instanceId !== undefined) await requireInstance(deps.db, auth, instanceId);
  const rows = await listAccountInstanceRows(deps.db, {
    accountId: auth.accountId,
    statuses: [1],
    instanceId,
    order: 'service',
  });
  const instances = rows.map(instanceRecordOf);
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

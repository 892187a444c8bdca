/**
 * A user's workspaces (authority gateway `/v1/workspace/centre/listUserWorkspaces`): the signed-in
 * user's, or (administrators only) another user's of the account, which the user list's
 * disable and delete confirmation shows. Asked of each opened instance of the account at once; an
 * instance that does not answer in time is listed with no workspaces and `isUnavailable`, never
 * failing the whole answer.
 */
import type { TLanguage, TUserWorkspaces } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import type { TAuth, TDeps } from '../../context';
import { AppError } from '../../errors';
import { findUsersByIds } from './insight.repository';
import { listAccountInstanceRows } from './instance.repository';
import { instanceRecordOf } from './instance-record';
import { requireInstance } from './service.service';

/** The username asked about: the caller's own, or another user's of the account for an administrator. */
async function usernameOf(deps: TDeps, auth: TAuth, userId: number | undefined): Promise<string> {
  if (userId === undefined || userId === auth.userId) return auth.username;
  if (!auth.isAdmin) throw new AppError(ErrorCode.notAccountAdmin);
  const [user] = await findUsersByIds(deps.db, [userId]);
  if (user?.accountId !== auth.accountId) throw new AppError(ErrorCode.forbidden);
  return user.username;
}

export async function listUserWorkspaces(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  instanceId: number | undefined,
  userId?: number,
): Promise<TUserWorkspaces> {
  const username = await usernameOf(deps, auth, userId);
  if (instanceId !== undefined) await requireInstance(deps.db, auth, instanceId);
  const rows = await listAccountInstanceRows(deps.db, {
    accountId: auth.accountId,
    statuses: [1],
    instanceId,
    order: 'service',
  });
  const instances = rows.map(instanceRecordOf);
  const answers = await Promise.allSettled(
    instances.map((i) => deps.provisioner.listUserWorkspaces(i.ref, username)),
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

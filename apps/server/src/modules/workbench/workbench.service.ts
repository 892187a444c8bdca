/**
 * The workbench in one answer: each card's part is what its own route answers (the same service
 * with the same request), so that the console opens the workbench with one call instead of one
 * per card and keeps one cache entry per route. Administrator parts are null for members; the
 * billing parts are null where billing is not available (the cru billing feature and the
 * account's flag), the funds also on-premise, where they are not read.
 */
import {
  type TLanguage,
  type TWorkbenchOverview,
  WorkbenchConsumptionFilter,
  WorkbenchUserCounts,
  ZUserListRequest,
} from '@console/contract';
import type { TAuth, TDeps } from '../../context';
import { checkBill } from '../account/account.service';
import { fundsAccount } from '../billing/funds/funds-view.service';
import { billingCount } from '../billing/statements/details.service';
import { getMfaState } from '../mfa/mfa-binding.service';
import { getMfaPolicy } from '../mfa/mfa-policy.service';
import { listAccountInstances, listServices } from '../service/service.service';
import { getUserList } from '../user/user-list.service';

const userCountRequests = {
  regular: ZUserListRequest.parse(WorkbenchUserCounts.regular),
  service: ZUserListRequest.parse(WorkbenchUserCounts.service),
};

export async function getWorkbenchOverview(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
): Promise<TWorkbenchOverview> {
  const isAdmin = auth.isAdmin;
  const hasBilling = isAdmin && (await checkBill(deps, auth.accountId)).billingEnabled;
  const hasFunds = hasBilling && deps.config.deployMode !== 'onprem';
  const [services, instances, mfaStatus, mfaPolicy, regular, service, consumption, funds] = await Promise.all(
    [
      listServices(deps, lang),
      listAccountInstances(deps, auth, lang),
      getMfaState(deps, auth),
      isAdmin ? getMfaPolicy(deps, auth) : null,
      isAdmin ? getUserList(deps, auth, userCountRequests.regular) : null,
      isAdmin ? getUserList(deps, auth, userCountRequests.service) : null,
      hasBilling ? billingCount(deps, auth, lang, WorkbenchConsumptionFilter) : null,
      hasFunds ? fundsAccount(deps, auth) : null,
    ],
  );
  return {
    services,
    instances,
    mfaStatus,
    mfaPolicy,
    users: regular && service ? { regular, service } : null,
    consumption,
    funds,
  };
}

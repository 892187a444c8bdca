/**
 * The account's service instances as user management sees them: what users own there (scheduled
 * tasks, sync tasks, table-permission approvals) and applying a user's status to every instance.
 * The development implementation answers counts derived from the user id (the same every time) and
 * applies status changes at once; a deployment replaces it with the instances' management API.
 */
import type { TOwnedResources } from '@console/contract';

export type TInstances = {
  /** Summed over the users, across the account's instances. */
  ownedResources(accountId: number, userIds: readonly number[]): Promise<TOwnedResources>;
  /** Enables, disables or removes the users on every instance of the account. */
  applyUserStatus(
    accountId: number,
    userIds: readonly number[],
    status: 'enabled' | 'disabled' | 'deleted',
  ): Promise<void>;
};

export function createDevInstances(): TInstances {
  return {
    ownedResources: async (_accountId, userIds) => {
      const out = { scheduledTasks: 0, syncTasks: 0, permissionApprovals: 0 };
      for (const id of userIds) {
        out.scheduledTasks += id % 4;
        out.syncTasks += (id * 7) % 3;
        out.permissionApprovals += (id * 5) % 2;
      }
      return out;
    },
    applyUserStatus: async () => {},
  };
}

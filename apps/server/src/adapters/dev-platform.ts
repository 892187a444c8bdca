/**
 * The development platform's records of its users (`dev_platform_holdings`), as the development
 * provisioner reads them: the workspaces a user belongs to on an instance and what it owns there.
 * Only the demo seed writes them, so the stand-in answers what the seed gave and nothing else.
 */
import type { TDb } from '../db/client';
import { listWorkspacesOn, sumOwnedOn } from './dev-platform.repository';
import type { TDevHoldings } from './provisioner';

/** The development platform's records in this database. */
export function devHoldingsIn(db: TDb): TDevHoldings {
  return {
    ownedOn: (instanceNames, userIds) => sumOwnedOn(db, instanceNames, userIds),
    workspacesOn: (instanceName, username) => listWorkspacesOn(db, instanceName, username),
  };
}

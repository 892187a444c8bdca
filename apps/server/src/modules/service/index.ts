/**
 * The service module's public side for other modules: instances of an account, the user
 * synchronisation that user changes ask of every live instance, the catalogue's names, and the
 * instance jobs other modules queue or run (user removal, overdue openings).
 */
export {
  findInstanceById,
  listLiveInstances,
  nameIn,
  type TInstanceRecord,
} from './instance-record';
export {
  clearSyncFailures,
  markAllUsersForSync,
  markUsersForSync,
  usersSyncStates,
} from './instance-sync.repository';
export { enqueueUserRemoval, enqueueUserSync, failOverdueOpenings } from './service.jobs';
export { newInstanceName } from './service.service';

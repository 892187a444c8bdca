/**
 * The service module's public side for other modules: instances of an account, and the user
 * synchronisation state that user changes mark for every instance.
 */
export {
  findInstance,
  findInstances,
  markAllUsersForSync,
  markUsersForSync,
  nameIn,
  userSyncState,
} from './service.repository';
